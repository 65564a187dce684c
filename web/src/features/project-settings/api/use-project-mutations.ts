import type { ModifyProjectBody } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { changeProjectIcon, deleteProject, deleteProjectIcon, modifyProject } from './project-settings-api';
import { PROJECTS_QUERY_KEY } from './project-settings-queries';

/**
 * Saves changed fields with `PATCH /v2/project/{id}`. The screen's `onSuccess` runs before the
 * project queries are refetched: a new slug must first move the page to its new URL, since the
 * old one no longer finds the project.
 */
export function useModifyProject(projectId: string, callbacks: MutationCallbacks<unknown, ModifyProjectBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModifyProjectBody) => modifyProject(projectId, body),
    onSuccess: async (data, body) => {
      await callbacks.onSuccess?.(data, body);
      await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
    },
    onError: callbacks.onError,
  });
}

export function useChangeProjectIcon(projectId: string, callbacks: MutationCallbacks<unknown, { file: File; ext: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ext }: { file: File; ext: string }) => changeProjectIcon(projectId, file, ext),
    onSuccess: async (data, image) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      await callbacks.onSuccess?.(data, image);
    },
    onError: callbacks.onError,
  });
}

export function useRemoveProjectIcon(projectId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProjectIcon(projectId),
    onSuccess: async (data) => {
      await queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });
      await callbacks.onSuccess?.(data, undefined);
    },
    onError: callbacks.onError,
  });
}

/** Deletes the project; its queries are dropped (not refetched: they would answer 404). */
export function useDeleteProject(projectId: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteProject(projectId),
    onSuccess: async (data) => {
      await callbacks.onSuccess?.(data, undefined);
      queryClient.removeQueries({ queryKey: PROJECTS_QUERY_KEY, type: 'inactive' });
    },
    onError: callbacks.onError,
  });
}
