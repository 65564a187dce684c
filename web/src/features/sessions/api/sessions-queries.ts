import { SessionSchema } from '@cairn/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

export const listSessions = (signal?: AbortSignal) => apiFetch('/v2/session/list', { schema: z.array(SessionSchema), signal });
export const deleteSession = (id: string) => apiFetch(`/v2/session/${encodeURIComponent(id)}`, { method: 'DELETE', schema: NoContentSchema });

export const sessionQueries = {
  all: () => ['sessions'] as const,
  list: () => queryOptions({ queryKey: [...sessionQueries.all(), 'list'] as const, queryFn: ({ signal }) => listSessions(signal), staleTime: 0 }),
};
