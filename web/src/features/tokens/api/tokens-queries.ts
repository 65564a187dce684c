import { CreatedPatSchema, PatListSchema, type CreatePatBody, type EditPatBody } from '@cairn/shared/schemas/pats';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

export const listPats = (signal?: AbortSignal) => apiFetch('/v2/pat', { schema: PatListSchema, signal });
export const createPat = (body: CreatePatBody) => apiFetch('/v2/pat', { method: 'POST', body, schema: CreatedPatSchema });
export const editPat = (id: string, body: EditPatBody) => apiFetch(`/v2/pat/${encodeURIComponent(id)}`, { method: 'PATCH', body, schema: NoContentSchema });
export const deletePat = (id: string) => apiFetch(`/v2/pat/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContentSchema });

export const patQueries = {
  all: () => ['pats'] as const,
  list: () => queryOptions({ queryKey: [...patQueries.all(), 'list'] as const, queryFn: ({ signal }) => listPats(signal), staleTime: 0 }),
};
