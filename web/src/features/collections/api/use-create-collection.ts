import type { Collection, CreateCollectionBody } from '@cairn/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { collectionQueries, createCollection } from './collections-queries';

/** Creates a collection; the caller's collection lists refresh and a toast confirms it. */
export function useCreateCollection(options: { onSuccess?: (collection: Collection) => void; onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: (body: CreateCollectionBody) => createCollection(body),
    onSuccess: (collection) => {
      queryClient.setQueryData(collectionQueries.detail(collection.id).queryKey, collection);
      notifications.add({ type: 'success', title: t('collections.create.created'), text: collection.name });
      options.onSuccess?.(collection);
    },
    onError: (error) => (options.onError ? options.onError(error) : notifications.addError(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() }),
  });
}
