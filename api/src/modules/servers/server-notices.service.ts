import type { ActiveServerNotice, CreateServerNoticeBody, EditServerNoticeBody, ServerNotice } from '@cairn/shared/schemas/server-notices';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import { requireServerAccess } from '../access/server.policy.js';
import { findMember } from './server-members.repository.js';
import { requireAdmin } from '../access/staff.policy.js';
import * as notices from './server-notices.repository.js';
import * as repo from './servers.repository.js';

const iso = (date: Date | null) => date?.toISOString() ?? null;
const toDate = (text: string | null | undefined) => (text ? new Date(text) : null);

function toActive(row: notices.NoticeRow): ActiveServerNotice {
  return { id: encodeBase62(row.id), level: row.level, title: row.title, message: row.message, dismissable: row.dismissable, begins: iso(row.begins), expires: iso(row.expires) };
}

/** Rules every saved notice keeps, checked on the merged result of a create or an edit. */
function checkNotice(notice: { level: string; message: string; begins: Date | null; expires: Date | null }): void {
  if (notice.begins && notice.expires && notice.expires <= notice.begins) throw badRequest('expires: must be after begins');
  if (notice.level === 'survey' && !/^https:\/\/\S+$/.test(notice.message)) throw badRequest('message: a survey notice needs the https address of its survey');
}

/** Staff notices on server panels: admin CRUD, and what a server's customer sees and dismisses. */
export function createServerNoticesService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /** Decoded and checked assignment ids; unknown ones are a 400 naming the field. */
  async function resolveAssignments(tx: Executor, assign: { node_ids: string[]; server_ids: string[] }) {
    const nodeTexts = [...new Set(assign.node_ids)];
    const nodeIds = nodeTexts.map((id) => parseId(id) ?? -1);
    const known = new Set(await notices.existingNodeIds(tx, nodeIds.filter((id) => id >= 0)));
    const unknownNode = nodeTexts.find((_id, i) => !known.has(nodeIds[i]!));
    if (unknownNode !== undefined) throw badRequest(`assign.node_ids: no node has the id ${unknownNode}`);
    const serverIds = [...new Set(assign.server_ids)];
    const knownServers = new Set(await notices.existingServerIds(tx, serverIds));
    const unknownServer = serverIds.find((id) => !knownServers.has(id));
    if (unknownServer !== undefined) throw badRequest(`assign.server_ids: no server has the id ${unknownServer}`);
    return { nodeIds: [...known], serverIds };
  }

  async function toNotices(tx: Executor, ids?: number[]): Promise<ServerNotice[]> {
    const rows = await notices.listNotices(tx, ids);
    const [nodes, serverRefs, counts] = await Promise.all([notices.listNodeAssignments(tx), notices.listServerAssignments(tx), notices.dismissalCounts(tx)]);
    return rows.map((row) => ({
      ...toActive(row),
      created: row.created.toISOString(),
      assigned: {
        all: row.assignedAll,
        nodes: nodes.filter((n) => n.noticeId === row.id).map((n) => ({ id: encodeBase62(n.id), name: n.name })),
        servers: serverRefs.filter((s) => s.noticeId === row.id).map((s) => ({ id: s.id, name: s.name })),
      },
      dismissed_count: counts.get(row.id) ?? 0,
    }));
  }

  const noticeId = (id: string) => {
    const parsed = parseId(id);
    if (parsed === undefined) throw notFound('The notice does not exist');
    return parsed;
  };

  /** The server if the actor owns it, is a member (admins: any); anyone else learns nothing (404). */
  async function customerServer(actor: Actor, id: string): Promise<repo.ServerRow> {
    const server = await repo.findServer(db, id);
    const member = server && server.ownerId !== actor.userId ? await findMember(db, server.id, actor.userId) : undefined;
    return requireServerAccess(actor, server, member?.accepted ? member : undefined, 'view').server;
  }

  return {
    async list(actor: Actor): Promise<{ notices: ServerNotice[] }> {
      requireAdmin(actor);
      return { notices: await toNotices(db) };
    },

    async create(actor: Actor, body: CreateServerNoticeBody): Promise<ServerNotice> {
      requireAdmin(actor);
      const begins = toDate(body.begins);
      const expires = toDate(body.expires);
      checkNotice({ level: body.level, message: body.message, begins, expires });
      const id = Number(randomId());
      return db.transaction(async (tx) => {
        const { nodeIds, serverIds } = await resolveAssignments(tx, body.assign);
        await notices.insertNotice(tx, {
          id,
          level: body.level,
          title: body.title ?? null,
          message: body.message,
          dismissable: body.level === 'survey' || body.dismissable,
          begins,
          expires,
          assignedAll: body.assign.all,
        });
        await notices.replaceAssignments(tx, id, nodeIds, serverIds);
        return (await toNotices(tx, [id]))[0]!;
      });
    },

    async edit(actor: Actor, id: string, body: EditServerNoticeBody): Promise<ServerNotice> {
      requireAdmin(actor);
      const nid = noticeId(id);
      return db.transaction(async (tx) => {
        const row = await notices.findNotice(tx, nid, true);
        if (!row) throw notFound('The notice does not exist');
        const merged = {
          level: body.level ?? row.level,
          title: body.title === undefined ? row.title : body.title,
          message: body.message ?? row.message,
          begins: body.begins === undefined ? row.begins : toDate(body.begins),
          expires: body.expires === undefined ? row.expires : toDate(body.expires),
          dismissable: body.dismissable ?? row.dismissable,
        };
        checkNotice(merged);
        merged.dismissable = merged.level === 'survey' || merged.dismissable;
        await notices.updateNotice(tx, nid, { ...merged, ...(body.assign ? { assignedAll: body.assign.all } : {}) });
        if (body.assign) {
          const { nodeIds, serverIds } = await resolveAssignments(tx, body.assign);
          await notices.replaceAssignments(tx, nid, nodeIds, serverIds);
        }
        return (await toNotices(tx, [nid]))[0]!;
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      requireAdmin(actor);
      if (!(await notices.deleteNotice(db, noticeId(id)))) throw notFound('The notice does not exist');
    },

    async active(actor: Actor, serverId: string): Promise<{ notices: ActiveServerNotice[] }> {
      const server = await customerServer(actor, serverId);
      return { notices: (await notices.listActiveNotices(db, server, now())).map(toActive) };
    },

    /** Idempotent; only for a dismissable notice shown on this server now (others are 404, or 409 when not dismissable). */
    async dismiss(actor: Actor, serverId: string, id: string): Promise<void> {
      const server = await customerServer(actor, serverId);
      const nid = noticeId(id);
      const row = (await notices.listActiveNotices(db, server, now(), true)).find((n) => n.id === nid);
      if (!row) throw notFound('The notice does not exist or is not shown on this server');
      if (!row.dismissable) throw conflict('This notice cannot be dismissed', 'not_dismissable');
      await notices.insertDismissal(db, { noticeId: nid, serverId: server.id, userId: actor.userId });
    },
  };
}

export type ServerNoticesService = ReturnType<typeof createServerNoticesService>;
