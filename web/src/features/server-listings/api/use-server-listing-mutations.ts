import type { CreateServerListingBody, EditServerListingBody, ModerateServerListingBody, OwnedServerListing } from '@cairn/shared/schemas/server-listings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { useNotifications } from '../../../lib/notifications-provider';
import { createServerListing, deleteServerListing, moderateServerListing, modifyServerListing, pingServerListing } from './server-listings-queries';

/** A listing change: refetches every listing query, then toasts; errors go to the screen's callback, or a toast. */
function useListingMutation<TData, TVariables>(mutationFn: (variables: TVariables) => Promise<TData>, successTitle: string, callbacks: MutationCallbacks<TData, TVariables> = {}) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      await queryClient.invalidateQueries({ queryKey: ['server-listings'] });
      notifications.add({ type: 'success', title: successTitle });
      await callbacks.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      if (callbacks.onError) return callbacks.onError(error, variables);
      notifications.addError(error);
    },
  });
}

export function useCreateServerListingMutation(callbacks?: MutationCallbacks<OwnedServerListing, CreateServerListingBody>) {
  return useListingMutation(createServerListing, useT()('serverListings.form.created'), callbacks);
}

export function useModifyServerListingMutation(callbacks?: MutationCallbacks<OwnedServerListing, { id: string; body: EditServerListingBody }>) {
  return useListingMutation(({ id, body }: { id: string; body: EditServerListingBody }) => modifyServerListing(id, body), useT()('serverListings.form.saved'), callbacks);
}

export function useDeleteServerListingMutation(callbacks?: MutationCallbacks<unknown, string>) {
  const queryClient = useQueryClient();
  // The deleted listing's own page must not be refetched (it would answer 404).
  const remove = async (id: string) => {
    await deleteServerListing(id);
    queryClient.removeQueries({ queryKey: ['server-listings', 'detail', id] });
  };
  return useListingMutation(remove, useT()('serverListings.deleted'), callbacks);
}

export function usePingServerListingMutation(callbacks?: MutationCallbacks<OwnedServerListing, string>) {
  return useListingMutation(pingServerListing, useT()('serverListings.pinged'), callbacks);
}

export function useModerateServerListingMutation(callbacks?: MutationCallbacks<OwnedServerListing, { id: string; body: ModerateServerListingBody }>) {
  return useListingMutation(({ id, body }: { id: string; body: ModerateServerListingBody }) => moderateServerListing(id, body), useT()('serverListings.moderation.decided'), callbacks);
}
