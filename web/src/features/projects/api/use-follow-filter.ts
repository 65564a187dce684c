import type { ProjectFollow } from '@cairn/shared/schemas/follows';
import type { Project } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { followProject, modifyProjectFollow, projectQueries } from './projects-queries';

/**
 * Saves the filter of the signed-in user's follow of a project: follows with it when they do not
 * follow yet, else changes it. The follow, the followed list, the list of filters and the follower
 * count are fetched again afterwards.
 */
export function useFollowFilter(project: Project, userId: string, following: boolean) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: (filter: Pick<ProjectFollow, 'loaders' | 'game_versions'>) => (following ? modifyProjectFollow(project.id, filter) : followProject(project.id, filter)),
    onSuccess: () => notifications.add({ type: 'success', title: t('followFilter.saved', { title: project.title }) }),
    onError: (error) => notifications.addError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueries.follow(project.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: projectQueries.followed(userId).queryKey }),
        // The Following list's filters (the collections feature keeps them under this key).
        queryClient.invalidateQueries({ queryKey: [...projectQueries.all(), 'follow-filters', userId] }),
        queryClient.invalidateQueries({ queryKey: projectQueries.detail(project.slug).queryKey }),
        queryClient.invalidateQueries({ queryKey: projectQueries.detail(project.id).queryKey }),
      ]),
  });
}
