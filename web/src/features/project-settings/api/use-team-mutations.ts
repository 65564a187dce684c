import type { ModifyTeamMemberBody } from '@cairn/shared/schemas/teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { addTeamMember, deleteTeamMember, getUser, modifyTeamMember, transferTeamOwnership } from './project-settings-api';
import { PROJECTS_QUERY_KEY } from './project-settings-queries';

// Team changes refetch the project queries (the member list is one of them) before `onSuccess`.

function useTeamMutation<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>, callbacks: MutationCallbacks<unknown, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}

/** Looks the username up, then invites that user. */
export function useInviteMember(teamId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useTeamMutation(async (username: string) => {
    const user = await getUser(username.trim());
    await addTeamMember(teamId, user.id);
  }, callbacks);
}

export function useModifyMember(teamId: string, userId: string, callbacks: MutationCallbacks<unknown, ModifyTeamMemberBody> = {}) {
  return useTeamMutation((body: ModifyTeamMemberBody) => modifyTeamMember(teamId, userId, body), callbacks);
}

/** Removes a member, withdraws an invitation, or (for oneself) leaves the project. */
export function useRemoveMember(teamId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useTeamMutation((userId: string) => deleteTeamMember(teamId, userId), callbacks);
}

export function useTransferOwnership(teamId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useTeamMutation((userId: string) => transferTeamOwnership(teamId, userId), callbacks);
}

/** Leaves the team: the screen moves away first, as a hidden project is no longer visible afterwards. */
export function useLeaveProject(teamId: string, userId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTeamMember(teamId, userId),
    onSuccess: async (data) => {
      await callbacks.onSuccess?.(data, undefined);
      queryClient.removeQueries({ queryKey: PROJECTS_QUERY_KEY, type: 'inactive' });
      await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
    onError: callbacks.onError,
  });
}
