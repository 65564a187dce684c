import type { BackupCodes } from '@cairn/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/auth';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { beginTwoFactorSetup, disableTwoFactor, enableTwoFactor } from './settings-queries';

/** Asks for a new secret (and the flow that enabling it needs). */
export function useBeginTwoFactorSetup() {
  return useMutation({ mutationFn: beginTwoFactorSetup });
}

// The user is refetched in the background: the backup codes must show as soon as they arrive.

export function useEnableTwoFactor(callbacks: MutationCallbacks<BackupCodes, { flow: string; code: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (codes, body) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      return callbacks.onSuccess?.(codes, body);
    },
    onError: callbacks.onError,
  });
}

/** Takes a current code or a backup code. */
export function useDisableTwoFactor(callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (data, code) => {
      void queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
      return callbacks.onSuccess?.(data, code);
    },
    onError: callbacks.onError,
  });
}
