import type { ChangePasswordBody, RedirectTarget } from '@cairn/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { currentUserQuery, refreshAfterAuthChange } from '../../../lib/auth';
import { browserLocation } from '../../../lib/browser-location';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { beginProviderLink, changeEmail, changePassword, deleteUser, unlinkProvider } from './settings-queries';

/** Refetches the signed-in user, whose email, password and providers these change. */
function useRefetchCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserQuery().queryKey });
}

export function useChangeEmail(callbacks: MutationCallbacks<unknown, string> = {}) {
  const refetchUser = useRefetchCurrentUser();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: async (data, email) => {
      await refetchUser();
      await callbacks.onSuccess?.(data, email);
    },
    onError: callbacks.onError,
  });
}

/** Sets, changes or removes the password (by which fields `body` has); other sessions end. */
export function useChangePassword(callbacks: MutationCallbacks<unknown, ChangePasswordBody> = {}) {
  const refetchUser = useRefetchCurrentUser();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: async (data, body) => {
      await refetchUser();
      await callbacks.onSuccess?.(data, body);
    },
    onError: callbacks.onError,
  });
}

/** Starts linking `provider`: the browser leaves for it and comes back to account settings. */
export function useLinkProvider(callbacks: MutationCallbacks<RedirectTarget, string> = {}) {
  return useMutation({
    mutationFn: (provider: string) => {
      const back = new URL(paths.settings.account.getHref(), browserLocation.origin());
      back.searchParams.set('linked', provider);
      return beginProviderLink(provider, back.toString());
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

export function useUnlinkProvider(callbacks: MutationCallbacks<unknown, string> = {}) {
  const refetchUser = useRefetchCurrentUser();
  return useMutation({
    mutationFn: unlinkProvider,
    onSuccess: async (data, provider) => {
      await refetchUser();
      await callbacks.onSuccess?.(data, provider);
    },
    onError: callbacks.onError,
  });
}

/**
 * Deletes the account. `leave` runs first and takes the browser off the (guarded) settings page,
 * so that dropping the signed-in user does not send it to sign-in; then everything cached is
 * refreshed and `onSuccess` runs.
 */
export function useDeleteAccount(userId: string, { leave, ...callbacks }: MutationCallbacks<unknown, void> & { leave: () => unknown }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(userId),
    onSuccess: async (data) => {
      await leave();
      await refreshAfterAuthChange(queryClient, null);
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}
