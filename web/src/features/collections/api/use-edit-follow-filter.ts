import type { ProjectFollow } from '@cairn/shared/schemas/follows';
import type { Project } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { followFiltersQuery, modifyProjectFollow } from './collections-queries';

/** Changes the filter of one follow from the Following list. */
export function useEditFollowFilter(userId: string, project: Project) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const t = useT();
  return useMutation({
    mutationFn: (filter: Pick<ProjectFollow, 'loaders' | 'game_versions'>) => modifyProjectFollow(project.id, filter),
    onSuccess: () => notifications.add({ type: 'success', title: t('followFilter.saved', { title: project.title }) }),
    onError: (error) => notifications.addError(error),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followFiltersQuery(userId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['projects', 'follow', project.id] }),
      ]),
  });
}
