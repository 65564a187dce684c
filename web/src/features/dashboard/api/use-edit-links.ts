import type { PatchProjectsBody } from '@cairn/shared/schemas/projects';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import { dashboardQueries, patchProjects } from './dashboard-queries';

export interface LinksEdit {
  ids: readonly string[];
  body: PatchProjectsBody;
}

/** Bulk-edits the links of the selected projects; the dashboard list and project pages refetch. */
export function useEditLinks(callbacks: MutationCallbacks<unknown, LinksEdit> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, body }: LinksEdit) => patchProjects(ids, body),
    onSuccess: async (data, edit) => {
      await queryClient.invalidateQueries({ queryKey: dashboardQueries.all() });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
      await callbacks.onSuccess?.(data, edit);
    },
    onError: callbacks.onError,
  });
}
