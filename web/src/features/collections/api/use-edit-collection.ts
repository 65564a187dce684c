import type { Collection, ModifyCollectionBody } from '@cairn/shared/schemas/collections';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotifications } from '../../../lib/notifications-provider';
import { collectionQueries, modifyCollection } from './collections-queries';

/**
 * Edits a collection (fields, status, or its project list through `new_projects`). `toast` is the
 * success message, which differs by use (saved, added to, removed from). A new project list shows
 * at once (a ticked box stays ticked) and is refetched afterwards, failed or not.
 */
export function useEditCollection(id: string) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  return useMutation({
    mutationFn: ({ changes }: { changes: ModifyCollectionBody; toast: string }) => modifyCollection(id, changes),
    onMutate: async ({ changes }) => {
      const projects = changes.new_projects;
      if (!projects) return;
      await queryClient.cancelQueries({ queryKey: collectionQueries.all() });
      const update = (c: Collection) => (c.id === id ? { ...c, projects } : c);
      queryClient.setQueriesData<Collection[]>({ queryKey: [...collectionQueries.all(), 'user'] }, (list) => list?.map(update));
      queryClient.setQueryData(collectionQueries.detail(id).queryKey, (c) => (c ? update(c) : c));
    },
    onSuccess: (_data, { toast }) => notifications.add({ type: 'success', title: toast }),
    onError: (error) => notifications.addError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() }),
  });
}
