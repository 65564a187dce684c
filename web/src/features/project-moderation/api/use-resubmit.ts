import { ThreadSchema } from '@cairn/shared/schemas/threads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

const encode = encodeURIComponent;

/**
 * Sends a rejected or withheld project back to review: the optional reply goes to the project's
 * thread first (sendThreadMessage), then the status becomes `processing` (modifyProject).
 */
async function resubmit(projectId: string, threadId: string, reply: string): Promise<void> {
  if (reply.trim()) {
    await apiFetch(`/v2/thread/${encode(threadId)}`, { method: 'POST', body: { body: { type: 'text', body: reply } }, schema: ThreadSchema });
  }
  await apiFetch(`/v2/project/${encode(projectId)}`, { method: 'PATCH', body: { status: 'processing' }, schema: z.unknown() });
}

export function useResubmit(projectId: string, threadId: string, callbacks: MutationCallbacks<void, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: string) => resubmit(projectId, threadId, reply),
    onSuccess: async (data, reply) => {
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await queryClient.invalidateQueries({ queryKey: ['threads'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      await callbacks.onSuccess?.(data, reply);
    },
    // The reply may have gone through before the status change failed.
    onError: async (error, reply) => {
      await queryClient.invalidateQueries({ queryKey: ['threads'] });
      await callbacks.onError?.(error, reply);
    },
  });
}
