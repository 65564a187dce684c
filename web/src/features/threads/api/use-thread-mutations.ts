import type { Thread } from '@cairn/shared/schemas/threads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { deleteThreadMessage, sendThreadMessage, threadQueries } from './threads-queries';

export interface NewMessage {
  body: string;
  private: boolean;
}

/** Sends a text message; the thread in the cache becomes the answer (and notifications are refetched). */
export function useSendMessage(threadId: string, callbacks: MutationCallbacks<Thread, NewMessage> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => sendThreadMessage(threadId, { body: { type: 'text', body: message.body, private: message.private } }),
    onSuccess: async (thread, message) => {
      queryClient.setQueryData(threadQueries.detail(threadId).queryKey, thread);
      await queryClient.invalidateQueries({ queryKey: threadQueries.all() });
      await callbacks.onSuccess?.(thread, message);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteMessage(threadId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => deleteThreadMessage(messageId),
    onSuccess: async (data, messageId) => {
      await queryClient.invalidateQueries({ queryKey: threadQueries.detail(threadId).queryKey });
      await callbacks.onSuccess?.(data, messageId);
    },
    onError: callbacks.onError,
  });
}
