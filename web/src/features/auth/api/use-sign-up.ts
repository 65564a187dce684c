import type { CreateAccountBody, IssuedSession } from '@cairn/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterAuthChange } from '../../../lib/auth';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createAccount, subscribeNewsletter, unsubscribeNewsletter } from './auth-queries';

/** Creates the account and signs this browser in with it (everything cached is refreshed). */
export function useCreateAccount(callbacks: MutationCallbacks<IssuedSession, CreateAccountBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: async (session, body) => {
      await refreshAfterAuthChange(queryClient);
      await callbacks.onSuccess?.(session, body);
    },
    onError: callbacks.onError,
  });
}

/** The newsletter choice on the welcome page. */
export function useNewsletterChoice(callbacks: MutationCallbacks<unknown, boolean> = {}) {
  return useMutation({
    mutationFn: (subscribe: boolean) => (subscribe ? subscribeNewsletter() : unsubscribeNewsletter()),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
