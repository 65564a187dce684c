import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQuery } from '../../../lib/auth';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { resendVerificationEmail, verifyEmail } from './auth-queries';

/** Verifies the address with the flow of the emailed link; the signed-in user is refetched. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey }),
  });
}

export function useResendVerificationEmail(callbacks: MutationCallbacks<unknown, void> = {}) {
  return useMutation({ mutationFn: resendVerificationEmail, onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}
