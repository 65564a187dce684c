import type { AgentServer } from '@cairn/shared/schemas/node-agent';
import type { NewServerOptions, Server, ServerAccess, ServerAutobackup, ServerNode, ServerSuspensionReason } from '@cairn/shared/schemas/servers';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, badRequest, conflict, notFound } from '../../lib/errors.js';
import { encodeBase62, newId } from '../../lib/ids.js';
import { requireServerAccess, type ServerNeed, type ServerStanding } from '../access/server.policy.js';
import { requireAdmin } from '../access/staff.policy.js';
import { findServerSubscriptions, type ServerPurchases, type ServerSubscription } from '../billing/server-plans.port.js';
import { ACCESS_TTL_SECONDS, agentPermissionsOf, mintAccessToken } from './access-tokens.js';
import { recordActivity } from './server-activity.js';
import * as members from './server-members.repository.js';
import { agentClient } from './agent-client.js';
import { subscriptionOf, subscriptionsOf } from './own-node-plans.js';
import { nodeAddresses, nodeCapacity, refreshNodes, registerNode, type NodeRegistration } from './node-registry.js';
import type { Provisioning } from './provisioning.js';
import { getAutobackup, setAutobackup } from './server-autobackups.js';
import { serverBackups } from './server-backups.js';
import { maxBackupsOf } from './server-plans.js';
import { applyProperties, readProperties } from './server-properties.js';
import { toServer, toServerNode } from './servers.mapper.js';
import * as repo from './servers.repository.js';

export const DEFAULT_GAME_VERSION = '1.21.4';
const PROPERTIES_FILE = 'server.properties';

/** Billing's purchase hook: the server row of a new plan subscription, created in the purchase's transaction. */
export const serverPurchases: ServerPurchases = {
  async create(tx: Executor, order: { userId: number; subscriptionId: number; options: NewServerOptions }): Promise<string> {
    const id = newId();
    await repo.insertServer(tx, {
      id,
      ownerId: order.userId,
      subscriptionId: order.subscriptionId,
      name: order.options.name,
      gameVersion: order.options.game_version ?? DEFAULT_GAME_VERSION,
    });
    return id;
  },

  async checkPlanChange(db: Executor, change: { subscriptionId: number; ram: number }): Promise<void> {
    const server = await repo.findServerOfSubscription(db, change.subscriptionId);
    if (!server || server.nodeId === null || server.deleted !== null) return;
    const node = await repo.findNode(db, server.nodeId);
    if (!node) return;
    const others = ((await repo.allocatedMemoryByNode(db)).get(node.id) ?? 0) - (server.memoryMib ?? 0);
    if (others + change.ram > nodeCapacity(node)) {
      throw badRequest("product: the server's node does not have room for this plan's memory right now, so the server cannot be upgraded to it", 'node_capacity');
    }
  },

  async serversOf(db: Executor, subscriptionIds: number[]): Promise<Map<number, { id: string; name: string }>> {
    const rows = await repo.listServersOfSubscriptions(db, subscriptionIds);
    const subs = await findServerSubscriptions(db, rows.map((row) => row.subscriptionId));
    // The same servers GET /servers shows: a purchase never paid is not a server yet.
    return new Map(rows.filter((row) => !isUnpaidPurchase(row, subs.get(row.subscriptionId))).map((row) => [row.subscriptionId, { id: row.id, name: row.name }]));
  },
};

/** What owners (and admins) do with their servers through /v2/servers. */
export function createServersService(deps: { db: Database; provisioning: Provisioning; domain?: string | undefined }) {
  const { db, provisioning } = deps;

  /**
   * The server with the caller's standing on it, when they may do `need` there
   * (modules/access/server.policy.ts): owner and admins anything, members what their permissions
   * name (403), anyone else nothing (404).
   */
  async function standing(actor: Actor, id: string, need: ServerNeed): Promise<{ server: repo.ServerRow; standing: ServerStanding }> {
    const server = await repo.findServer(db, id);
    const member = server && server.ownerId !== actor.userId ? await members.findMember(db, server.id, actor.userId) : undefined;
    return requireServerAccess(actor, server, member?.accepted ? member : undefined, need);
  }

  /** The server, when the caller may do `need` there; without one, only its owner and admins pass. */
  async function visible(actor: Actor, id: string, need: ServerNeed = 'owner'): Promise<repo.ServerRow> {
    return (await standing(actor, id, need)).server;
  }

  /** Its node, or 409 while it has none. */
  async function placed(server: repo.ServerRow, doing: string): Promise<repo.NodeRow> {
    const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
    if (!node) throw conflict(`The server is not on a node yet, so it cannot ${doing}; wait until it is ready`, 'server_not_ready');
    return node;
  }

  /** Power and files need a ready server. */
  function requireReady(server: repo.ServerRow, doing: string): void {
    if (server.status === 'installing') throw conflict(`The server is still installing, so it cannot ${doing} yet`, 'server_installing');
    if (server.status === 'suspended') throw conflict(`The server is suspended (${server.suspensionReason ?? 'other'}), so it cannot ${doing}`, 'server_suspended');
    if (server.status === 'unprovisioned') throw conflict(`The server is not on a node yet, so it cannot ${doing}; wait until it is ready`, 'server_not_ready');
  }

  /**
   * One server's wire shape, with its process state read from its node (the agent has 3 s; no
   * answer leaves the state null). `sub` is passed when the caller has loaded it already.
   */
  async function present(server: repo.ServerRow, loadedSub?: { sub: ServerSubscription | undefined }): Promise<Server> {
    const sub = loadedSub ? loadedSub.sub : await subscriptionOf(db, server);
    const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
    const live: AgentServer | undefined = node ? await agentClient(node, 3000).get(server.id).catch(() => undefined) : undefined;
    return toServer(server, { sub, node, live }, deps.domain);
  }

  /** The caller's server, 404 while it is an unpaid purchase (GET /servers leaves those out too). */
  async function visiblePaid(actor: Actor, id: string, need: ServerNeed): Promise<{ server: repo.ServerRow; sub: ServerSubscription | undefined }> {
    const server = await visible(actor, id, need);
    const sub = await subscriptionOf(db, server);
    if (isUnpaidPurchase(server, sub)) throw notFound('The server does not exist');
    return { server, sub };
  }

  /** Every node as it answers now, with the memory and servers placed on it. */
  async function nodesWithUsage(): Promise<ServerNode[]> {
    // Own nodes are their owners' (GET /servers/own-nodes), not the platform's capacity.
    const nodes = (await refreshNodes(db)).filter((node) => node.ownerId === null);
    const allocated = await repo.allocatedMemoryByNode(db);
    const counts = await repo.serverCountByNode(db);
    return nodes.map((node) => toServerNode(node, { allocatedMemoryMib: allocated.get(node.id) ?? 0, servers: counts.get(node.id) ?? 0 }));
  }

  return {
    // For the module's other route files (options, …): the same visibility and readiness rules.
    visible,
    standing,
    placed,
    requireReady,

    async list(actor: Actor, all: boolean): Promise<{ servers: Server[] }> {
      if (all) requireAdmin(actor);
      const owned = await repo.listServers(db, all ? undefined : actor.userId);
      // Servers shared with the caller (accepted invitations) are theirs to open too.
      const shared = all ? [] : await repo.listServersByIds(db, await members.listMemberServerIds(db, actor.userId));
      const allRows = [...owned, ...shared];
      const subs = await subscriptionsOf(db, allRows);
      // A purchase that was declined or never confirmed leaves a row that was never paid for: not a server yet.
      const rows = allRows.filter((row) => !isUnpaidPurchase(row, subs.get(row.id)));
      // The list shows no process state, so no node agent is asked; each node is loaded once.
      const nodeIds = [...new Set(rows.flatMap((row) => (row.nodeId === null ? [] : [row.nodeId])))];
      const nodes = new Map((await repo.listNodeLabels(db, nodeIds)).map((node) => [node.id, node]));
      const servers = rows.map((row) => toServer(row, { sub: subs.get(row.id), node: row.nodeId === null ? undefined : nodes.get(row.nodeId) }, deps.domain));
      return { servers };
    },

    async get(actor: Actor, id: string): Promise<Server> {
      const { server, sub } = await visiblePaid(actor, id, 'view');
      return present(server, { sub });
    },

    async edit(actor: Actor, id: string, body: { name?: string }): Promise<Server> {
      const server = await visible(actor, id, 'options');
      if (body.name !== undefined && body.name !== server.name) {
        const name = body.name;
        await db.transaction(async (tx) => {
          await repo.updateServer(tx, server.id, { name });
          await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'rename', detail: name });
        });
      }
      return present({ ...server, name: body.name ?? server.name });
    },

    /** Node agents with capacity, allocation and health (admins). */
    async nodes(actor: Actor): Promise<{ nodes: ServerNode[] }> {
      requireAdmin(actor);
      return { nodes: await nodesWithUsage() };
    },

    /** Registers a running node agent (admins): it must answer with the token. */
    async addNode(actor: Actor, registration: NodeRegistration): Promise<ServerNode> {
      requireAdmin(actor);
      const node = await registerNode(db, registration);
      return (await nodesWithUsage()).find((n) => n.url === node.url)!;
    },

    async autobackup(actor: Actor, id: string): Promise<ServerAutobackup> {
      const { server } = await visiblePaid(actor, id, 'backups');
      return getAutobackup(db, server.id);
    },

    async setAutobackup(actor: Actor, id: string, body: { enabled: boolean; interval_hours: ServerAutobackup['interval_hours'] }): Promise<ServerAutobackup> {
      const { server } = await visiblePaid(actor, id, 'backups');
      const saved = await setAutobackup(db, server.id, body);
      await recordActivity(db, { serverId: server.id, actorId: actor.userId, kind: 'backups', action: 'autobackup', detail: body.enabled ? `every ${body.interval_hours} h` : 'off' });
      return saved;
    },

    async power(actor: Actor, id: string, action: 'start' | 'stop' | 'restart' | 'kill'): Promise<void> {
      const server = await visible(actor, id, 'power');
      requireReady(server, action);
      await agentClient(await placed(server, action)).power(server.id, action);
      await recordActivity(db, { serverId: server.id, actorId: actor.userId, kind: 'power', action });
    },

    async access(actor: Actor, id: string): Promise<ServerAccess> {
      const { server, standing: who } = await standing(actor, id, 'view');
      // The token carries only what the caller's permissions allow on the node (access-tokens.ts).
      const permissions = agentPermissionsOf(who.permissions);
      requireReady(server, 'be opened');
      const node = await placed(server, 'be opened');
      const expires = new Date(Date.now() + ACCESS_TTL_SECONDS * 1000);
      // An own node's public URL is the API's relay of its tunnel (node-tunnel.routes.ts).
      const base = `${nodeAddresses(node).publicUrl}/api/servers/${encodeURIComponent(server.id)}`;
      return {
        console_url: `${base.replace(/^http/, 'ws')}/console`,
        files_url: `${base}/files`,
        token: mintAccessToken(node.token, { serverId: server.id, userId: encodeBase62(actor.userId), permissions, expires }),
        expires: expires.toISOString(),
        permissions,
      };
    },

    async stats(actor: Actor, id: string) {
      const server = await visible(actor, id, 'view');
      return agentClient(await placed(server, 'report usage')).stats(server.id);
    },

    async properties(actor: Actor, id: string): Promise<{ properties: Record<string, string> }> {
      const server = await visible(actor, id, 'options');
      requireReady(server, 'show its properties');
      const text = await agentClient(await placed(server, 'show its properties')).readText(server.id, PROPERTIES_FILE);
      return { properties: readProperties(text) };
    },

    async editProperties(actor: Actor, id: string, changes: Record<string, string>): Promise<{ properties: Record<string, string> }> {
      const server = await visible(actor, id, 'options');
      requireReady(server, 'change its properties');
      const agent = agentClient(await placed(server, 'change its properties'));
      const text = await agent.readText(server.id, PROPERTIES_FILE).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return '';
        throw error;
      });
      const updated = applyProperties(text, changes);
      await agent.writeText(server.id, PROPERTIES_FILE, updated);
      await recordActivity(db, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'properties', detail: Object.keys(changes).join(', ') });
      return { properties: readProperties(updated) };
    },

    /** The server's backups, for an owner or admin, while it is ready on its node. */
    async backups(actor: Actor, id: string, doing: string) {
      const server = await visible(actor, id, 'backups');
      requireReady(server, doing);
      const sub = await subscriptionOf(db, server);
      const maxBackups = sub ? maxBackupsOf(sub.plan) : 0;
      const inner = serverBackups(db, server, await placed(server, doing));
      const log = (action: string, detail: string) => recordActivity(db, { serverId: server.id, actorId: actor.userId, kind: 'backups', action, detail });
      // Changes go into the activity log once the node did them.
      const backups: typeof inner = {
        ...inner,
        async create(name, max, automated) {
          const backup = await inner.create(name, max, automated);
          await log('create', backup.name);
          return backup;
        },
        async edit(backupId, changes) {
          const backup = await inner.edit(backupId, changes);
          await log(changes.locked === undefined ? 'rename' : changes.locked ? 'lock' : 'unlock', backup.name);
          return backup;
        },
        async restore(backupId) {
          await inner.restore(backupId);
          await log('restore', backupId);
        },
        async remove(backupId) {
          await inner.remove(backupId);
          await log('delete', backupId);
        },
      };
      return { backups, maxBackups };
    },

    /** The server row for anyone with a standing on it (404 for anyone else), for the module's other parts (content). */
    visibleServer: (actor: Actor, id: string) => visible(actor, id, 'view'),

    /** The server row when the caller may do `need` there (schedules check the permission of each step's action). */
    serverFor: (actor: Actor, id: string, need: ServerNeed) => visible(actor, id, need),

    /** The caller's ready server and its node (409 while not ready), when they may do `need` (default: owner only). */
    async onNode(actor: Actor, id: string, doing: string, need: ServerNeed = 'owner'): Promise<{ server: repo.ServerRow; node: repo.NodeRow }> {
      const server = await visible(actor, id, need);
      requireReady(server, doing);
      return { server, node: await placed(server, doing) };
    },

    async suspend(actor: Actor, id: string, reason: ServerSuspensionReason): Promise<Server> {
      requireAdmin(actor);
      const server = await visible(actor, id);
      await provisioning.suspend(server.id, reason);
      return present((await repo.findServer(db, server.id))!);
    },

    async unsuspend(actor: Actor, id: string): Promise<Server> {
      requireAdmin(actor);
      const server = await visible(actor, id);
      await provisioning.unsuspend(server.id);
      return present((await repo.findServer(db, server.id))!);
    },
  };
}

export type ServersService = ReturnType<typeof createServersService>;

/** Never placed and its subscription never started: a declined or abandoned purchase. */
export function isUnpaidPurchase(server: Pick<repo.ServerRow, 'status' | 'nodeId'>, sub: ServerSubscription | undefined): boolean {
  return server.status === 'unprovisioned' && server.nodeId === null && sub?.status !== 'provisioned';
}
