import type { Project } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotifications } from '../../../lib/notifications-provider';
import { followProject, projectQueries, unfollowProject } from './projects-queries';

/**
 * Follow or unfollow a project. The followed list and the follower count update at once and are
 * put back if the request fails.
 */
export function useFollowProject(project: Project, userId: string) {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const followedKey = projectQueries.followed(userId).queryKey;
  const detailKeys = [projectQueries.detail(project.slug).queryKey, projectQueries.detail(project.id).queryKey];

  return useMutation({
    mutationFn: (follow: boolean) => (follow ? followProject(project.id) : unfollowProject(project.id)),
    onMutate: async (follow) => {
      await queryClient.cancelQueries({ queryKey: followedKey });
      const previous = queryClient.getQueryData(followedKey);
      queryClient.setQueryData(followedKey, (list) => (list ? (follow ? [...list, project] : list.filter((p) => p.id !== project.id)) : list));
      for (const key of detailKeys) queryClient.setQueryData(key, (p) => (p ? { ...p, followers: Math.max(0, p.followers + (follow ? 1 : -1)) } : p));
      return { previous };
    },
    onError: (error, follow, context) => {
      queryClient.setQueryData(followedKey, context?.previous);
      for (const key of detailKeys) queryClient.setQueryData(key, (p) => (p ? { ...p, followers: Math.max(0, p.followers + (follow ? -1 : 1)) } : p));
      notifications.addError(error);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followedKey }),
        queryClient.invalidateQueries({ queryKey: projectQueries.follow(project.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: [...projectQueries.all(), 'follow-filters', userId] }),
      ]),
  });
}
