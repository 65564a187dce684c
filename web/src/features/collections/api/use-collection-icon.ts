import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { changeCollectionIcon, collectionQueries, deleteCollectionIcon } from './collections-queries';

/** Uploads (a file) or removes (null) a collection's icon. */
export function useCollectionIcon(id: string) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: (file: File | null) => (file ? changeCollectionIcon(id, file) : deleteCollectionIcon(id)),
    onSuccess: (_data, file) => notifications.add({ type: 'success', title: file ? t('collections.icon.updated') : t('collections.icon.deleted') }),
    onError: (error) => notifications.addError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() }),
  });
}
