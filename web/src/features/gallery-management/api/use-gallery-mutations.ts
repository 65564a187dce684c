import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../lib/mutation-callbacks';
import type { GalleryImageChanges } from '../utils/gallery-item-form';
import { deleteGalleryImage, modifyGalleryImage } from './gallery-api';

/**
 * Every project query starts with this key (the projects feature's factory): the project page,
 * its gallery and search cards all read the gallery from the project, so all of them refresh.
 */
export const PROJECT_QUERIES_KEY = ['projects'] as const;

export interface GalleryImageEdit {
  url: string;
  changes: GalleryImageChanges;
}

export function useModifyGalleryImage(projectId: string, callbacks: MutationCallbacks<unknown, GalleryImageEdit> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ url, changes }: GalleryImageEdit) => modifyGalleryImage(projectId, url, changes),
    onSuccess: async (data, edit) => {
      await queryClient.invalidateQueries({ queryKey: PROJECT_QUERIES_KEY });
      await callbacks.onSuccess?.(data, edit);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteGalleryImage(projectId: string, callbacks: MutationCallbacks<unknown, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => deleteGalleryImage(projectId, url),
    onSuccess: async (data, url) => {
      await queryClient.invalidateQueries({ queryKey: PROJECT_QUERIES_KEY });
      await callbacks.onSuccess?.(data, url);
    },
    onError: callbacks.onError,
  });
}
