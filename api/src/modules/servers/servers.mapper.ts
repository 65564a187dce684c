import type { AgentServer } from '@cairn/shared/schemas/node-agent';
import type { Server, ServerAutobackup, ServerNode } from '@cairn/shared/schemas/servers';
import { encodeBase62 } from '../../lib/ids.js';
import type { ServerSubscription } from '../billing/server-plans.port.js';
import type { AutobackupRow } from './autobackups.repository.js';
import { nodeAddresses, nodeCapacity, type RefreshedNode } from './node-registry.js';
import { toServerPlan } from './server-plans.js';
import type { NodeLabelRow, ServerListRow } from './servers.repository.js';

/** A plan that is no longer sold or a subscription that is gone: the wire shape still needs one. */
const UNKNOWN_PLAN: ServerSubscription['plan'] = { productId: 0, name: 'Unknown', cpu: 0, ram: 0, swap: 0, storage: 0 };

/** What players connect to: the custom address when the operator set SERVERS_DOMAIN and the owner chose one. */
export function serverHost(server: Pick<ServerListRow, 'subdomain'>, node: NodeLabelRow, domain: string | undefined): string {
  return domain && server.subdomain ? `${server.subdomain}.${domain}` : nodeAddresses(node).gameHost;
}

/**
 * A server as the API answers it, from what the service loaded: its plan subscription, its node
 * and, for a single server, its process as the node reported it (undefined: not asked or no answer).
 */
export function toServer(
  server: ServerListRow,
  loaded: { sub: ServerSubscription | undefined; node: NodeLabelRow | undefined; live?: AgentServer | undefined },
  domain: string | undefined,
): Server {
  const { sub, node, live } = loaded;
  return {
    id: server.id,
    name: server.name,
    owner_id: encodeBase62(server.ownerId),
    status: server.status,
    suspension_reason: server.suspensionReason,
    state: live?.state ?? null,
    last_exit: live?.last_exit ?? null,
    isolated: live?.isolated ?? null,
    plan: toServerPlan(sub?.plan ?? UNKNOWN_PLAN),
    subscription_id: server.subscriptionId === null ? null : encodeBase62(server.subscriptionId),
    game: 'minecraft',
    game_version: server.gameVersion,
    loader: server.loader,
    net: node && server.port !== null ? { host: serverHost(server, node, domain), port: server.port } : null,
    node: node ? { id: encodeBase62(node.id), name: node.name } : null,
    created: server.created.toISOString(),
  };
}

/** A node agent for the admins' list, with what is placed on it. */
export function toServerNode(node: RefreshedNode, usage: { allocatedMemoryMib: number; servers: number }): ServerNode {
  const { publicUrl, gameHost } = nodeAddresses(node);
  return {
    id: encodeBase62(node.id),
    name: node.name,
    url: node.url,
    public_url: publicUrl,
    game_host: gameHost,
    cpu_cores: node.cpuCores,
    memory_mib: nodeCapacity(node),
    allocated_memory_mib: usage.allocatedMemoryMib,
    servers: usage.servers,
    healthy: node.healthy,
    last_seen: node.lastSeen?.toISOString() ?? null,
    isolation: node.isolation,
  };
}

const HOUR_MS = 3_600_000;

/** When the schedule comes due next: an interval after its last run, or now when it never ran. */
export const nextAutobackupRun = (row: AutobackupRow, now: Date) => (row.lastRun ? new Date(row.lastRun.getTime() + row.intervalHours * HOUR_MS) : now);

/** A server's automatic backup schedule; a server without a row has the default one, switched off. */
export function toAutobackup(row: AutobackupRow | undefined, now = new Date()): ServerAutobackup {
  if (!row) return { enabled: false, interval_hours: 6, last_run: null, next_run: null, last_skipped: null };
  return {
    enabled: row.enabled,
    interval_hours: row.intervalHours as ServerAutobackup['interval_hours'],
    last_run: row.lastRun?.toISOString() ?? null,
    next_run: row.enabled ? nextAutobackupRun(row, now).toISOString() : null,
    last_skipped: row.lastSkipped,
  };
}
