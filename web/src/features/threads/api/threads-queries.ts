import type { SendThreadMessageBody } from '@cairn/shared/schemas/thread-requests';
import { ThreadSchema } from '@cairn/shared/schemas/threads';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

const encode = encodeURIComponent;

/** getThread */
export const getThread = (id: string, signal?: AbortSignal) => apiFetch(`/v2/thread/${encode(id)}`, { schema: ThreadSchema, signal });
/** sendThreadMessage: answers the thread with the new message. */
export const sendThreadMessage = (id: string, body: SendThreadMessageBody) => apiFetch(`/v2/thread/${encode(id)}`, { method: 'POST', body, schema: ThreadSchema });
/** deleteThreadMessage */
export const deleteThreadMessage = (id: string) => apiFetch(`/v2/message/${encode(id)}`, { method: 'DELETE', schema: NoContentSchema });

export const threadQueries = {
  all: () => ['threads'] as const,
  detail: (id: string) => queryOptions({ queryKey: [...threadQueries.all(), 'detail', id] as const, queryFn: ({ signal }) => getThread(id, signal), staleTime: 0 }),
};
