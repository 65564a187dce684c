import type { Database, Executor } from '../../db/client.js';
import type { ServerSubscription } from '../billing/server-plans.port.js';
import { agentClient, AgentError } from './agent-client.js';
import { firstFreePort } from './node-ports.js';
import { nodeCapacity, refreshNodes } from './node-registry.js';
import { subscriptionOf } from './own-node-plans.js';
import { deleteAllocationsOfServer } from './server-options.repository.js';
import * as repo from './servers.repository.js';

export interface ProvisioningDeps {
  db: Database;
  portRange: { first: number; last: number };
  graceDays: number;
  now?: () => Date;
}

type Plan = ServerSubscription['plan'];

/** The pg-boss queue of placement and lifecycle steps (`{serverId}`, or `{}` for the sweep). */
export const SERVERS_RECONCILE_JOB = 'servers.reconcile';

/** How long an unpaid purchase (declined, or waiting for an authentication never completed) keeps its server row. */
export const ABANDONED_PURCHASE_MS = 24 * 3_600_000;

/** The limits a plan gives a server on its node (CPU share: the plan's cores × 100 %). */
export const limitsOf = (plan: Plan) => ({ memory_mib: plan.ram, cpu_percent: plan.cpu * 100, storage_mib: plan.storage });

/**
 * Brings a server in line with its subscription: placed on a node once paid, `available` once the
 * node installed it, stopped and suspended when the subscription ends, back when it is paid again,
 * and deleted from its node after the grace period. Every step may run again (jobs repeat): it
 * looks at the row, the subscription and the node, never at what it did before.
 */
export function createProvisioning(deps: ProvisioningDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function nodeOf(tx: Executor, server: repo.ServerRow) {
    return server.nodeId === null ? undefined : repo.findNode(tx, server.nodeId);
  }

  /** Picks the healthy node with the most free memory that fits the plan and has a free port; false when none has room. */
  async function place(tx: Executor, server: repo.ServerRow, plan: Plan): Promise<boolean> {
    const allocated = await repo.allocatedMemoryByNode(tx);
    const candidates = (await repo.listNodes(tx))
      // Own nodes are their owners' alone: platform placement never uses them.
      .filter((node) => node.healthy && node.ownerId === null)
      .map((node) => ({ node, free: nodeCapacity(node) - (allocated.get(node.id) ?? 0) }))
      .filter((c) => c.free >= plan.ram)
      .sort((a, b) => b.free - a.free);
    for (const { node } of candidates) {
      let port = await firstFreePort(tx, node.id, deps.portRange);
      if (port === undefined) continue;
      const agent = agentClient(node);
      const limits = limitsOf(plan);
      try {
        await agent.create({ id: server.id, runtime: 'flying-squid', game_version: server.gameVersion, port, limits, properties: { motd: server.name } });
      } catch (error) {
        // Created by an earlier attempt whose commit was lost: adopt it as it is.
        const existing = error instanceof AgentError && error.statusCode === 409 ? await agent.get(server.id) : undefined;
        if (!existing) {
          if (!(error instanceof AgentError)) await repo.updateNode(tx, node.id, { healthy: false });
          continue;
        }
        port = existing.port;
      }
      await repo.updateServer(tx, server.id, { nodeId: node.id, port, memoryMib: limits.memory_mib, cpuPercent: limits.cpu_percent, storageMib: limits.storage_mib, status: 'installing' });
      return true;
    }
    return false;
  }

  /** Installing: available (and started) once the node reports it installed. */
  async function finishInstall(tx: Executor, server: repo.ServerRow, plan: Plan): Promise<boolean> {
    const node = await nodeOf(tx, server);
    if (!node) {
      await repo.updateServer(tx, server.id, { status: 'unprovisioned' });
      return place(tx, { ...server, status: 'unprovisioned' }, plan);
    }
    const agent = agentClient(node);
    const state = await agent.get(server.id);
    if (!state) {
      // The node lost it (its folder was removed): install it again on the same port.
      await agent.create({ id: server.id, runtime: server.runtime, jar: server.jar ?? undefined, game_version: server.gameVersion, port: server.port!, limits: limitsOf(plan), properties: { motd: server.name } });
      return true;
    }
    if (state.state === 'installing') return true;
    await repo.updateServer(tx, server.id, { status: 'available' });
    if (state.state === 'stopped' || state.state === 'crashed') await agent.power(server.id, 'start').catch(ignoreConflict);
    return false;
  }

  async function suspendForEndedSubscription(tx: Executor, server: repo.ServerRow, reason: 'cancelled' | 'paymentfailed'): Promise<void> {
    const node = await nodeOf(tx, server);
    if (node) await agentClient(node).power(server.id, 'stop').catch(ignoreConflict);
    const deleteAfter = new Date(now().getTime() + deps.graceDays * 86_400_000);
    await repo.updateServer(tx, server.id, { status: 'suspended', suspensionReason: reason, deleteAfter });
  }

  async function removeFromNode(tx: Executor, server: repo.ServerRow): Promise<void> {
    const node = await nodeOf(tx, server);
    if (node) await agentClient(node).remove(server.id);
    await deleteAllocationsOfServer(tx, server.id);
    await repo.updateServer(tx, server.id, { deleted: now() });
  }

  /** Back from a suspension: started again where it was, or placed anew if it never was on a node. */
  async function resume(tx: Executor, server: repo.ServerRow): Promise<void> {
    const node = await nodeOf(tx, server);
    if (!node) {
      await repo.updateServer(tx, server.id, { status: 'unprovisioned', suspensionReason: null, deleteAfter: null });
      return;
    }
    await repo.updateServer(tx, server.id, { status: 'available', suspensionReason: null, deleteAfter: null });
    await agentClient(node).power(server.id, 'start').catch(ignoreConflict);
  }

  /** A plan change (upgrade or downgrade): the node gets the new limits; memory and CPU apply at the next start. */
  async function applyPlanLimits(tx: Executor, server: repo.ServerRow, plan: Plan): Promise<void> {
    const limits = limitsOf(plan);
    if (server.memoryMib === limits.memory_mib && server.cpuPercent === limits.cpu_percent && server.storageMib === limits.storage_mib) return;
    const node = await nodeOf(tx, server);
    if (!node) return;
    await agentClient(node).setLimits(server.id, limits);
    await repo.updateServer(tx, server.id, { memoryMib: limits.memory_mib, cpuPercent: limits.cpu_percent, storageMib: limits.storage_mib });
  }

  /** One server; true when it should be looked at again soon (still installing, or waiting for room). */
  async function reconcile(serverId: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const server = await repo.findServer(tx, serverId, true);
      if (!server) return false;
      const sub = await subscriptionOf(tx, server);
      if (!sub) return false;
      if (sub.status === 'provisioned') {
        if (server.status === 'unprovisioned') return (await place(tx, server, sub.plan)) || false;
        if (server.status === 'installing') return finishInstall(tx, server, sub.plan);
        if (server.status === 'suspended' && (server.suspensionReason === 'cancelled' || server.suspensionReason === 'paymentfailed')) await resume(tx, server);
        if (server.status === 'available' || server.status === 'suspended') await applyPlanLimits(tx, server, sub.plan);
        return false;
      }
      if (server.status === 'unprovisioned' && server.nodeId === null) {
        // A declined or abandoned purchase: its row goes once the payment can no longer complete.
        if (server.created.getTime() <= now().getTime() - ABANDONED_PURCHASE_MS) await repo.updateServer(tx, server.id, { deleted: now() });
        return false;
      }
      if (server.status === 'installing' || server.status === 'available') await suspendForEndedSubscription(tx, server, sub.endedBy);
      else if (server.status === 'suspended' && server.deleteAfter === null && server.nodeId !== null) await suspendForEndedSubscription(tx, server, sub.endedBy);
      else if (server.status === 'suspended' && server.deleteAfter !== null && server.deleteAfter <= now()) await removeFromNode(tx, server);
      return false;
    });
  }

  /** Every server (the minute sweep): catches what a lost job or an unreachable node left behind. */
  async function sweep(): Promise<void> {
    await refreshNodes(db);
    for (const server of await repo.listServers(db)) {
      try {
        await reconcile(server.id);
      } catch {
        // An unreachable node: the next sweep tries again.
      }
    }
  }

  /** Staff suspension: stops the server; it stays until unsuspended. */
  async function suspend(serverId: string, reason: NonNullable<repo.ServerRow['suspensionReason']>): Promise<void> {
    await db.transaction(async (tx) => {
      const server = await repo.findServer(tx, serverId, true);
      if (!server) return;
      const node = await nodeOf(tx, server);
      if (node) await agentClient(node).power(server.id, 'stop').catch(ignoreConflict);
      await repo.updateServer(tx, server.id, { status: 'suspended', suspensionReason: reason });
    });
  }

  async function unsuspend(serverId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const server = await repo.findServer(tx, serverId, true);
      if (server?.status !== 'suspended') return;
      const sub = await subscriptionOf(tx, server);
      // A server whose subscription ended comes back only when it is paid again.
      if (sub?.status !== 'provisioned') {
        await repo.updateServer(tx, server.id, { suspensionReason: sub?.endedBy ?? 'cancelled' });
        return;
      }
      await resume(tx, server);
    });
  }

  return { reconcile, sweep, suspend, unsuspend };
}

export type Provisioning = ReturnType<typeof createProvisioning>;

/** Power requests that find the server already in that state (409) are fine here. */
function ignoreConflict(error: unknown): void {
  if (error instanceof AgentError && error.statusCode === 409) return;
  throw error;
}
