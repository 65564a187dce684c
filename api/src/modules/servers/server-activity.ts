import { AgentActivityListSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerActivityKind } from '@cairn/shared/constants/server-permissions';
import type { ServerActivityPage } from '@cairn/shared/schemas/server-members';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { agentClient, type NodeAddress } from './agent-client.js';
import * as members from './server-members.repository.js';

/** How long the activity log keeps entries (the worker's `servers.activity-retention` job). */
export const ACTIVITY_RETENTION_DAYS = 90;
const DETAIL_MAX = 500;

/** One thing someone did to a server, for its activity log (docs/api/server-members.md, "Activity log"). */
export interface ActivityEntry {
  serverId: string;
  /** Null: the node or the system acted. */
  actorId: number | null;
  kind: ServerActivityKind;
  action: string;
  detail?: string;
}

/**
 * Writes an entry with the executor of the action's own transaction, so the entry exists exactly
 * when the action committed. Times are kept to the millisecond (the page cursor's precision).
 */
export async function recordActivity(tx: Executor, entry: ActivityEntry): Promise<void> {
  await members.insertActivity(tx, [
    { serverId: entry.serverId, actorId: entry.actorId, kind: entry.kind, action: entry.action, detail: (entry.detail ?? '').slice(0, DETAIL_MAX), created: new Date() },
  ]);
}

/**
 * Imports what the server's node reported of actions taken directly on it with access tokens
 * (console commands, file changes). Asking with the newest sequence number already stored
 * acknowledges it, so the node drops what the API has; an entry read twice is stored once.
 */
export async function importNodeActivity(db: Executor, serverId: string, node: NodeAddress): Promise<number> {
  const after = await members.lastAgentSeq(db, serverId);
  const { entries } = await agentClient(node, 5000).json(AgentActivityListSchema, 'GET', `/api/servers/${encodeURIComponent(serverId)}/activity?after=${after}`);
  const rows = entries.map((entry) => ({
    serverId,
    actorId: parseId(entry.user) ?? null,
    kind: entry.kind,
    action: entry.action,
    detail: entry.detail.slice(0, DETAIL_MAX),
    created: new Date(entry.at),
    agentSeq: entry.seq,
  }));
  await members.insertActivity(db, rows);
  return rows.length;
}

/** Cursor of a page: `<created ms>.<id>` of its last entry. */
function readCursor(cursor: string | undefined): { created: Date; id: number } | undefined {
  if (cursor === undefined) return undefined;
  const [ms, id] = cursor.split('.').map(Number);
  if (!Number.isSafeInteger(ms) || !Number.isSafeInteger(id)) throw badRequest('cursor: must be a cursor from a previous page');
  return { created: new Date(ms!), id: id! };
}

/** One page of a server's activity, newest first (keyset pagination on created, id). */
export async function activityPage(db: Executor, serverId: string, query: { actor?: string | undefined; kind?: string | undefined; cursor?: string | undefined; limit: number }): Promise<ServerActivityPage> {
  const actorId = query.actor === undefined ? undefined : (parseId(query.actor) ?? -1);
  const rows = await members.listActivity(db, serverId, { actorId, kind: query.kind, before: readCursor(query.cursor), limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({
      id: String(row.id),
      actor: row.actorId === null || row.username === null ? null : { id: encodeBase62(row.actorId), username: row.username },
      kind: row.kind as ServerActivityKind,
      action: row.action,
      detail: row.detail,
      created: row.created.toISOString(),
    })),
    next_cursor: rows.length > query.limit && last ? `${last.created.getTime()}.${last.id}` : null,
  };
}
