import { ServerNoticeListSchema, ServerNoticeSchema, type CreateServerNoticeBodySchema, type EditServerNoticeBody } from '@cairn/shared/schemas/server-notices';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const enc = encodeURIComponent;
const NoBodySchema = z.unknown();

/** A new notice as sent (the API fills in the defaults). */
export type NoticeInput = z.input<typeof CreateServerNoticeBodySchema>;

export const listServerNotices = (signal?: AbortSignal) => apiFetch('/v2/servers/notices', { schema: ServerNoticeListSchema, signal }).then((r) => r.notices);
export const createServerNotice = (body: NoticeInput) => apiFetch('/v2/servers/notices', { method: 'POST', body, schema: ServerNoticeSchema });
export const editServerNotice = (id: string, body: EditServerNoticeBody) => apiFetch(`/v2/servers/notices/${enc(id)}`, { method: 'PATCH', body, schema: ServerNoticeSchema });
export const deleteServerNotice = (id: string) => apiFetch(`/v2/servers/notices/${enc(id)}`, { method: 'DELETE', schema: NoBodySchema });

export const serverNoticeQueries = {
  /** Also the prefix of the notices a panel shows (server-panel's active-notices-queries). */
  all: () => ['servers', 'notices'] as const,
  /** Staff: every notice. */
  list: () => queryOptions({ queryKey: [...serverNoticeQueries.all(), 'list'] as const, queryFn: ({ signal }) => listServerNotices(signal) }),
};
