import type { FastifyBaseLogger } from 'fastify';
import type { Server } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { agentFetch } from '../../observability/tracing.js';
import { requireAdmin } from '../access/staff.policy.js';
import { agentClient, AgentError, type AgentClient, type NodeAddress } from './agent-client.js';
import { firstFreePort } from './node-ports.js';
import { nodeCapacity } from './node-registry.js';
import { pushServerLogins } from './server-sftp.js';
import * as repo from './servers.repository.js';
import type { ServersService } from './servers.service.js';

const TRANSFER_TIMEOUT_MS = 10 * 60_000;
const INSTALL_WAIT_MS = 120_000;

/**
 * Streams a stopped server's archive from its source agent straight into the target agent: the
 * API holds both node tokens, so agents never need each other's credentials or addresses.
 */
async function transferArchive(source: NodeAddress, target: NodeAddress, serverId: string): Promise<void> {
  const path = `/api/servers/${encodeURIComponent(serverId)}/transfer`;
  const signal = AbortSignal.timeout(TRANSFER_TIMEOUT_MS);
  const exported = await agentFetch(`${source.url}${path}`, { headers: { authorization: `Bearer ${source.token}` }, signal });
  if (!exported.ok || !exported.body) throw await agentFailure(exported, 'the old node could not archive the server');
  const init = {
    method: 'PUT',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': 'application/gzip' },
    body: exported.body,
    duplex: 'half',
    signal,
  } as RequestInit;
  const imported = await agentFetch(`${target.url}${path}`, init);
  if (!imported.ok) throw await agentFailure(imported, 'the new node could not unpack the server');
}

async function agentFailure(response: Response, what: string): Promise<Error> {
  const body = (await response.json().catch(() => ({}))) as { description?: unknown };
  return new Error(typeof body.description === 'string' ? `${what}: ${body.description}` : `${what} (it answered ${response.status})`);
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function untilInstalled(agent: AgentClient, serverId: string): Promise<void> {
  const deadline = Date.now() + INSTALL_WAIT_MS;
  for (;;) {
    const state = (await agent.get(serverId))?.state;
    if (state === 'stopped') return;
    if (state !== 'installing' || Date.now() > deadline) throw new Error(`the new node did not finish installing the server (${state ?? 'missing'})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * POST /servers/{id}/move: runs synchronously while the server's row is locked (provisioning and
 * other moves of it wait). The row changes only once the server runs on the target; any failure
 * removes the target's copy and starts the server again on its old node.
 */
export function createServerMoveService(deps: { db: Database; servers: ServersService; portRange: { first: number; last: number }; log: FastifyBaseLogger }) {
  const { db } = deps;

  async function moveServer(actor: Actor, serverId: string, nodeIdText: string): Promise<void> {
    requireAdmin(actor);
    const targetId = parseId(nodeIdText);
    const moved = await db.transaction(async (tx) => {
      const server = await repo.findServer(tx, serverId, true);
      if (!server) throw notFound('The server does not exist');
      const target = targetId === undefined ? undefined : await repo.findNode(tx, targetId);
      if (!target) throw badRequest('node_id: no node has this id', 'unknown_node');
      const source = server.nodeId === null ? undefined : await repo.findNode(tx, server.nodeId);
      if (!source || server.status === 'installing' || server.status === 'unprovisioned') {
        throw conflict('The server is not installed on a node yet, so it cannot be moved', 'server_not_ready');
      }
      if (source.id === target.id) throw badRequest('node_id: the server is already on this node', 'same_node');
      // Own nodes are their owners' and reached through a tunnel: nothing moves onto or off them.
      if (target.ownerId !== null || source.ownerId !== null) throw badRequest("node_id: servers never move onto or off a user's own node", 'own_node');
      if (!target.healthy) throw conflict(`node_id: the node ${target.name} is not answering, so nothing can be moved to it`, 'node_unhealthy');
      const needed = server.memoryMib ?? 0;
      const free = nodeCapacity(target) - ((await repo.allocatedMemoryByNode(tx)).get(target.id) ?? 0);
      if (free < needed) throw conflict(`node_id: the node ${target.name} has ${free} MiB of memory free and the server needs ${needed} MiB`, 'node_full');
      const port = await firstFreePort(tx, target.id, deps.portRange);
      if (port === undefined) throw conflict(`node_id: the node ${target.name} has no free game port`, 'node_full');

      const from = agentClient(source);
      const to = agentClient(target);
      const current = await from.get(server.id);
      if (!current) throw conflict(`The node ${source.name} does not have the server's files, so it cannot be moved`, 'server_missing');
      const wasRunning = current.state === 'running' || current.state === 'starting';
      let created = false;
      try {
        await from.power(server.id, 'stop', true).catch((error: unknown) => {
          if (!(error instanceof AgentError && error.statusCode === 409)) throw error;
        });
        await to.create({ id: server.id, runtime: current.runtime, game_version: current.game_version, port, limits: current.limits });
        created = true;
        await untilInstalled(to, server.id);
        await transferArchive(source, target, server.id);
        // SFTP logins live on the node that has the server (docs/api/servers.md, "SFTP").
        await pushServerLogins(tx, target, server);
        if (wasRunning) await to.power(server.id, 'start', true);
        await repo.updateServer(tx, server.id, { nodeId: target.id, port });
      } catch (error) {
        if (created) await to.remove(server.id).catch((e: Error) => deps.log.warn(`move ${server.id}: could not clean up ${target.name}: ${e.message}`));
        if (wasRunning) await from.power(server.id, 'start').catch((e: Error) => deps.log.warn(`move ${server.id}: could not restart on ${source.name}: ${e.message}`));
        const status = error instanceof ApiError && error.statusCode === 503 ? 503 : 409;
        throw new ApiError(status, 'move_failed', `The server could not be moved to ${target.name} (${reason(error)}); it stays on ${source.name}`);
      }
      return { from, sourceName: source.name };
    });
    // Committed: the old node's copy is no longer the server. A failure here leaves only a stopped leftover.
    await moved.from.remove(serverId).catch((e: Error) => deps.log.warn(`move ${serverId}: could not delete the old copy on ${moved.sourceName}: ${e.message}`));
  }

  return {
    /** Moves the server and answers it as it is on its new node. */
    async move(actor: Actor, serverId: string, nodeIdText: string): Promise<Server> {
      await moveServer(actor, serverId, nodeIdText);
      return deps.servers.get(actor, serverId);
    },
  };
}

export type ServerMoveService = ReturnType<typeof createServerMoveService>;
