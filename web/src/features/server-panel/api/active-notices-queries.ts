import { ActiveServerNoticeListSchema } from '@cairn/shared/schemas/server-notices';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';

const enc = encodeURIComponent;

export const listActiveServerNotices = (serverId: string, signal?: AbortSignal) =>
  apiFetch(`/v2/servers/${enc(serverId)}/notices`, { schema: ActiveServerNoticeListSchema, signal }).then((r) => r.notices);
export const dismissServerNotice = (serverId: string, noticeId: string) =>
  apiFetch(`/v2/servers/${enc(serverId)}/notices/${enc(noticeId)}/dismiss`, { method: 'POST', schema: z.unknown() });

/** The notices one server's panel shows now (under the staff list's key, so staff changes refetch them). */
export const activeNoticeQueries = {
  active: (serverId: string) =>
    queryOptions({ queryKey: ['servers', 'notices', 'active', serverId] as const, queryFn: ({ signal }) => listActiveServerNotices(serverId, signal), staleTime: 60_000 }),
};
