import type { Project } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { createProject, type NewProject } from './project-creation-api';

/** Creates a draft project; every project list (profile, dashboard) is refetched. */
export function useCreateProject(callbacks: MutationCallbacks<Project, NewProject> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: async (project, input) => {
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await queryClient.invalidateQueries({ queryKey: ['users'] });
      await queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      await callbacks.onSuccess?.(project, input);
    },
    onError: callbacks.onError,
  });
}
