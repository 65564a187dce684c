import type { Message, PasswordResetBody } from '@cairn/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { completePasswordReset, requestPasswordReset } from './auth-queries';

/** Step one: email a reset link (the API answers the same whether the account exists or not). */
export function useRequestPasswordReset(callbacks: MutationCallbacks<Message, PasswordResetBody> = {}) {
  return useMutation({ mutationFn: requestPasswordReset, onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}

/** Step two: the new password for the flow of the emailed link. */
export function useCompletePasswordReset(flow: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  return useMutation({ mutationFn: (newPassword: string) => completePasswordReset(flow, newPassword), onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}
