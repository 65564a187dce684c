import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TakeLockResult } from '@cairn/shared/schemas/moderation';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { moderationQueries, overrideReviewLock, releaseReviewLock, takeReviewLock } from './moderation-queries';

/** Takes (or, for admins, overrides) a project's review lock and refreshes what shows it. */
export function useTakeReviewLock(callbacks: MutationCallbacks<TakeLockResult, { project: string; override?: boolean }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ project, override }: { project: string; override?: boolean }) => (override ? overrideReviewLock(project) : takeReviewLock(project)),
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: moderationQueries.lock(variables.project).queryKey });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => callbacks.onError?.(error, variables),
  });
}

export function useReleaseReviewLock(callbacks: MutationCallbacks<{ success: boolean }, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: string) => releaseReviewLock(project),
    onSuccess: async (data, project) => {
      await queryClient.invalidateQueries({ queryKey: moderationQueries.lock(project).queryKey });
      await callbacks.onSuccess?.(data, project);
    },
    onError: (error, project) => callbacks.onError?.(error, project),
  });
}
