import type { Project } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { collectionQueries, followFiltersQuery, unfollowProject } from './collections-queries';

/** Unfollows a project from the Following list. */
export function useUnfollowProject(userId: string) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: (project: Project) => unfollowProject(project.id),
    onSuccess: (_data, project) => notifications.add({ type: 'success', title: t('collections.unfollowed', { title: project.title }) }),
    onError: (error) => notifications.addError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionQueries.following(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: followFiltersQuery(userId).queryKey }),
      ]),
  });
}
