import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AgentIsolation } from '@cairn/shared/schemas/node-agent';
import type { NodeEnrolmentResult, OwnNode, OwnNodeEnrolment } from '@cairn/shared/schemas/own-nodes';
import type { Database, Executor } from '../../db/client.js';
import { serverAllocations, serverNodeEnrolments, serverNodes, servers } from '../../db/schema/servers.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, conflict, notFound } from '../../lib/errors.js';
import { encodeBase62, newId, parseId, randomId } from '../../lib/ids.js';
import { hashToken } from '../../lib/tokens.js';
import { agentClient, AgentError } from './agent-client.js';
import { firstFreePort } from './node-ports.js';
import { closeTunnel, hasTunnel, tunnelUrl } from './node-tunnel.js';
import { recordActivity } from './server-activity.js';
import type { Provisioning } from './provisioning.js';
import * as repo from './servers.repository.js';
import { DEFAULT_GAME_VERSION } from './servers.service.js';

/** How long a join command works. */
export const ENROLMENT_TTL_MS = 3_600_000;
/** Close code that tells an agent its credential was revoked: it stops reconnecting. */
export const TUNNEL_REVOKED_CODE = 4401;
const ENROLMENT_PREFIX = 'cne';
const DEFAULT_STORAGE_MIB = 10_240;
/** How long the API watches a new server's install on an own node; the minute sweep takes over after. */
const INSTALL_WATCH_MS = 10 * 60_000;

const secret = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;

/** The tunnel credential's node, while it is not revoked. */
export async function nodeOfCredential(db: Executor, credential: string): Promise<repo.NodeRow | undefined> {
  const [row] = await db.select({ id: serverNodes.id }).from(serverNodes).where(eq(serverNodes.tunnelCredentialHash, hashToken(credential)));
  return row ? repo.findNode(db, row.id) : undefined;
}

/**
 * "Bring your own node" (docs/api/servers.md, "Own nodes"): enrolment with a single-use token, the
 * owner's list and limits, revocation, and servers created on an own node without a plan.
 */
export function createOwnNodesService(deps: { db: Database; publicApiUrl: string; portRange: { first: number; last: number }; provisioning: Provisioning; log?: (message: string) => void; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** The caller's node (not revoked), or 404 for anyone else's. */
  async function ownNode(tx: Executor, actor: Actor, nodeId: string, lock = false): Promise<repo.NodeRow> {
    const id = parseId(nodeId);
    if (id !== undefined && lock) await tx.execute(sql`select 1 from server_nodes where id = ${id} for update`);
    const node = id === undefined ? undefined : await repo.findNode(tx, id);
    if (!node || node.ownerId !== actor.userId || node.tunnelCredentialHash === null) throw notFound('The node does not exist');
    return node;
  }

  async function present(node: repo.NodeRow, usage: { servers: number; memory: number }): Promise<OwnNode> {
    const connected = hasTunnel(node.id);
    let isolation: AgentIsolation | null = null;
    if (connected) isolation = await agentClient(node, 3000).info().then((info) => info.isolation, () => null);
    return {
      id: encodeBase62(node.id),
      name: node.name,
      game_host: node.gameHost,
      connected,
      last_seen: node.lastSeen?.toISOString() ?? null,
      cpu_cores: node.cpuCores,
      memory_total_mib: node.memoryMib,
      limits: { max_servers: node.maxServers, max_memory_mib: node.memoryLimitMib },
      servers: usage.servers,
      allocated_memory_mib: usage.memory,
      isolation,
      created: node.created.toISOString(),
    };
  }

  async function usageOf(tx: Executor, nodeId: number) {
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int`, memory: sql<string>`coalesce(sum(${servers.memoryMib}), 0)` })
      .from(servers)
      .where(and(eq(servers.nodeId, nodeId), isNull(servers.deleted)));
    return { servers: row?.count ?? 0, memory: Number(row?.memory ?? 0) };
  }

  /**
   * The process that holds the node's tunnel finishes the install (available, then started) as
   * provisioning does for paid servers: a separate worker process cannot reach the node.
   */
  async function finishInstall(serverId: string): Promise<void> {
    const until = Date.now() + INSTALL_WATCH_MS;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      try {
        if (!(await deps.provisioning.reconcile(serverId))) return;
      } catch (error) {
        deps.log?.(`own node: server ${serverId} not finished yet: ${(error as Error).message}`);
      }
    }
  }

  return {
    /** A join command for a new node; the token is shown this once (only its hash is kept). */
    async createEnrolment(actor: Actor, name: string): Promise<OwnNodeEnrolment> {
      const token = secret(ENROLMENT_PREFIX);
      const expires = new Date(now().getTime() + ENROLMENT_TTL_MS);
      await db.insert(serverNodeEnrolments).values({ tokenHash: hashToken(token), ownerId: actor.userId, name, expires });
      return {
        token,
        expires: expires.toISOString(),
        command: `node node-agent/dist/src/main.js --join ${deps.publicApiUrl} ${token}`,
        api_url: deps.publicApiUrl,
      };
    },

    /**
     * The agent exchanges the token for its node: a tunnel credential (only its hash is kept) and
     * the node token the API will call it with. A used, expired or unknown token is refused (401).
     */
    async enrol(body: { token: string; node_id?: string | undefined; game_host?: string | undefined }, remoteAddress: string): Promise<NodeEnrolmentResult> {
      return db.transaction(async (tx) => {
        const [enrolment] = await tx.select().from(serverNodeEnrolments).where(eq(serverNodeEnrolments.tokenHash, hashToken(body.token))).for('update');
        if (!enrolment || enrolment.used !== null || enrolment.expires <= now()) {
          throw new ApiError(401, 'invalid_enrolment_token', 'token: the enrolment token is unknown, expired or already used; add the node again for a new join command');
        }
        await tx.update(serverNodeEnrolments).set({ used: now() }).where(eq(serverNodeEnrolments.tokenHash, enrolment.tokenHash));
        const id = Number(randomId());
        const credential = secret('cnt');
        const agentToken = randomBytes(32).toString('hex');
        await tx.insert(serverNodes).values({
          id,
          name: enrolment.name,
          url: tunnelUrl(id),
          // Browsers reach its servers' console and files through the API's relay of the tunnel.
          publicUrl: `${deps.publicApiUrl}/v2/node-relay/${encodeBase62(id)}`,
          gameHost: body.game_host ?? remoteAddress.replace(/^::ffff:/, ''),
          token: agentToken,
          ownerId: enrolment.ownerId,
          tunnelCredentialHash: hashToken(credential),
          healthy: false,
        });
        return { node_id: encodeBase62(id), name: enrolment.name, credential, agent_token: agentToken, tunnel_url: `${deps.publicApiUrl.replace(/^http/, 'ws')}/v2/node-tunnel` };
      });
    },

    async list(actor: Actor): Promise<{ nodes: OwnNode[] }> {
      const rows = await db.select({ id: serverNodes.id }).from(serverNodes).where(and(eq(serverNodes.ownerId, actor.userId), isNotNull(serverNodes.tunnelCredentialHash)));
      const nodes = await Promise.all(
        rows.map(async ({ id }) => {
          const node = (await repo.findNode(db, id))!;
          return present(node, await usageOf(db, id));
        }),
      );
      return { nodes: nodes.sort((a, b) => a.created.localeCompare(b.created)) };
    },

    async edit(actor: Actor, nodeId: string, body: { name?: string | undefined; max_servers?: number | null | undefined; max_memory_mib?: number | null | undefined; game_host?: string | undefined }): Promise<OwnNode> {
      const node = await ownNode(db, actor, nodeId);
      const set: Partial<typeof serverNodes.$inferInsert> = {};
      if (body.name !== undefined) set.name = body.name;
      if (body.max_servers !== undefined) set.maxServers = body.max_servers;
      if (body.max_memory_mib !== undefined) set.memoryLimitMib = body.max_memory_mib;
      if (body.game_host !== undefined) set.gameHost = body.game_host;
      if (Object.keys(set).length) await repo.updateNode(db, node.id, set);
      return present({ ...node, ...set } as repo.NodeRow, await usageOf(db, node.id));
    },

    /**
     * Revokes the node: its credential is deleted and its tunnel closed at once (the agent stops
     * reconnecting); its servers leave the panel (their files stay on the machine).
     */
    async revoke(actor: Actor, nodeId: string): Promise<void> {
      const node = await db.transaction(async (tx) => {
        const found = await ownNode(tx, actor, nodeId, true);
        await repo.updateNode(tx, found.id, { tunnelCredentialHash: null, healthy: false });
        await tx.delete(serverAllocations).where(eq(serverAllocations.nodeId, found.id));
        await tx.update(servers).set({ deleted: now() }).where(and(eq(servers.nodeId, found.id), isNull(servers.deleted)));
        return found;
      });
      closeTunnel(node.id, TUNNEL_REVOKED_CODE, 'The node was revoked by its owner');
    },

    /**
     * A server on the caller's own node: no plan and no payment, within the node's limits (409
     * `node_limit`), installed at once; it is started when the node reports it installed.
     */
    async createServer(actor: Actor, nodeId: string, body: { name: string; memory_mib: number; cpu_percent?: number | undefined; storage_mib?: number | undefined; game_version?: string | undefined }): Promise<string> {
      const id = await db.transaction(async (tx) => {
        const node = await ownNode(tx, actor, nodeId, true);
        if (!hasTunnel(node.id)) throw conflict('The node is not connected; start its agent and try again', 'node_offline');
        const usage = await usageOf(tx, node.id);
        if (node.maxServers !== null && usage.servers >= node.maxServers) {
          throw conflict(`The node already has ${usage.servers} servers, the most you allowed on it`, 'node_limit');
        }
        const capacity = Math.min(node.memoryMib, node.memoryLimitMib ?? Number.MAX_SAFE_INTEGER);
        if (usage.memory + body.memory_mib > capacity) {
          throw new ApiError(409, 'node_limit', `memory_mib: the node has ${Math.max(0, capacity - usage.memory)} MiB left of the ${capacity} MiB you allowed`);
        }
        const port = await firstFreePort(tx, node.id, deps.portRange);
        if (port === undefined) throw conflict('The node has no free game port left', 'node_limit');
        const id = newId();
        const limits = { memory_mib: body.memory_mib, cpu_percent: body.cpu_percent ?? 100, storage_mib: body.storage_mib ?? DEFAULT_STORAGE_MIB };
        const gameVersion = body.game_version ?? DEFAULT_GAME_VERSION;
        await repo.insertServer(tx, {
          id,
          ownerId: actor.userId,
          subscriptionId: null,
          name: body.name,
          nodeId: node.id,
          port,
          memoryMib: limits.memory_mib,
          cpuPercent: limits.cpu_percent,
          storageMib: limits.storage_mib,
          gameVersion,
          status: 'installing',
        });
        try {
          await agentClient(node).create({ id, runtime: 'flying-squid', game_version: gameVersion, port, limits, properties: { motd: body.name } });
        } catch (error) {
          if (error instanceof AgentError) throw error;
          throw conflict('The node did not take the server; check that its agent is running', 'node_offline');
        }
        await recordActivity(tx, { serverId: id, actorId: actor.userId, kind: 'options', action: 'create', detail: node.name });
        return id;
      });
      void finishInstall(id);
      return id;
    },
  };
}

export type OwnNodesService = ReturnType<typeof createOwnNodesService>;
