import type { ModifyUserBody } from '@cairn/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/auth';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { changeUserIcon, deleteUserIcon, modifyUser } from './settings-queries';

// Each refetches the signed-in user (the header's avatar and name come from it) before `onSuccess`.

export function useSaveProfile(userId: string, callbacks: MutationCallbacks<unknown, ModifyUserBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyUserBody) => modifyUser(userId, body),
    onSuccess: async (data, body) => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      await callbacks.onSuccess?.(data, body);
    },
    onError: callbacks.onError,
  });
}

export function useChangeAvatar(userId: string, callbacks: MutationCallbacks<unknown, { file: File; ext: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ext }: { file: File; ext: string }) => changeUserIcon(userId, file, ext),
    onSuccess: async (data, image) => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      await callbacks.onSuccess?.(data, image);
    },
    onError: callbacks.onError,
  });
}

export function useRemoveAvatar(userId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUserIcon(userId),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}
