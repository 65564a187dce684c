import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';

/**
 * Every organization change goes through here: it refetches what organizations touch (their
 * pages, user and project lists, project teams) before the screen's callbacks run.
 */
export function useOrganizationMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, callbacks: MutationCallbacks<TData, TVariables> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await Promise.all(['organizations', 'projects', 'users', 'dashboard', 'notifications'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
      await callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}
