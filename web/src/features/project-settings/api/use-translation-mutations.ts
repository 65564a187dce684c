import type { PutProjectTranslationBody } from '@cairn/shared/schemas/translations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { deleteProjectTranslation, putProjectTranslation } from './project-settings-api';
import { PROJECTS_QUERY_KEY, projectSettingsQueries } from './project-settings-queries';

/** Refreshes the translation list and the project (its `description_languages`). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...projectSettingsQueries.all(), 'translations'] }),
      queryClient.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY }),
    ]);
}

export function usePutTranslation(projectId: string, language: string, callbacks: MutationCallbacks<unknown, PutProjectTranslationBody> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: PutProjectTranslationBody) => putProjectTranslation(projectId, language, body),
    onSuccess: async (data, body) => {
      await refresh();
      await callbacks.onSuccess?.(data, body);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteTranslation(projectId: string, language: string, callbacks: MutationCallbacks<unknown, void> = {}) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => deleteProjectTranslation(projectId, language),
    onSuccess: async (data) => {
      await refresh();
      await callbacks.onSuccess?.(data);
    },
    onError: callbacks.onError,
  });
}
