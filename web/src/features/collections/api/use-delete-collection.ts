import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { collectionQueries, deleteCollection } from './collections-queries';

export function useDeleteCollection(id: string, options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: () => deleteCollection(id),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: collectionQueries.detail(id).queryKey });
      notifications.add({ type: 'success', title: t('collections.deleted') });
      options.onSuccess?.();
    },
    onError: (error) => notifications.addError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionQueries.all() }),
  });
}
