import type { ModifyCollectionBody } from '@cairn/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotifications } from '../../../lib/notifications-provider';
import { collectionQueries, modifyCollection } from './collections-queries';

/**
 * Edits a collection (fields, status, or its project list through `new_projects`). `toast` is the
 * success message, which differs by use (saved, added to, removed from).
 */
export function useEditCollection(id: string) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn: ({ changes }: { changes: ModifyCollectionBody; toast: string }) => modifyCollection(id, changes),
    onSuccess: (_data, { toast }) => notifications.add({ type: 'success', title: toast }),
    onError: (error) => notifications.addError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() }),
  });
}
