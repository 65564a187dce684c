import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { deleteSession, sessionQueries } from './sessions-queries';

/** Signs another session out and refetches the list. */
export function useRevokeSession(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSession(id),
    onSuccess: async (data, id) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      await callbacks.onSuccess?.(data, id);
    },
    onError: (error, id) => callbacks.onError?.(error, id),
  });
}
