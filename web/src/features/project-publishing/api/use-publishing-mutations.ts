import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { joinTeam, leaveTeam, submitForReview } from './publishing-api';

// Each refetches the project queries (the project, its members, lists) before `onSuccess`.
const PROJECTS_KEY = ['projects'] as const;

export function useSubmitForReview(projectId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => submitForReview(projectId),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}

export function useAcceptInvite(teamId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinTeam(teamId),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}

export function useDeclineInvite(teamId: string, userId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveTeam(teamId, userId),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_KEY });
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}
