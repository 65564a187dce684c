import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';
import { uploadWithProgress, type UploadProgress } from '../../../lib/upload-with-progress';
import type { GalleryImageChanges } from '../utils/gallery-item-form';
import { uploadDetailsQuery, type GalleryImageDetails } from '../utils/gallery-upload-details';
import { galleryMimeType, type GalleryExtension } from '../utils/gallery-rules';

// The gallery calls of the v2 API (operation ids in each comment); all answer 204.

const encode = encodeURIComponent;

function changesQuery(changes: GalleryImageChanges): Record<string, string | undefined> {
  return {
    title: changes.title,
    description: changes.description,
    ordering: changes.ordering === undefined ? undefined : String(changes.ordering),
    featured: changes.featured === undefined ? undefined : String(changes.featured),
  };
}

export interface GalleryUpload {
  file: File;
  ext: GalleryExtension;
  details: GalleryImageDetails;
  ordering: number;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * addGalleryImage: the image is the raw body, sent with its real type so the API reads it as an
 * image; its title, description and featured flag from the details step go with it.
 */
export function addGalleryImage(projectId: string, { file, ext, details, ordering, signal, onProgress }: GalleryUpload) {
  return uploadWithProgress(`/v2/project/${encode(projectId)}/gallery`, {
    schema: NoContentSchema,
    body: new Blob([file], { type: galleryMimeType(ext) }),
    query: { ext, ...uploadDetailsQuery(details), ordering: String(ordering) },
    signal,
    onProgress,
  });
}

/** modifyGalleryImage: `url` names the image; featuring one un-features the others. */
export const modifyGalleryImage = (projectId: string, url: string, changes: GalleryImageChanges) =>
  apiFetch(`/v2/project/${encode(projectId)}/gallery`, { method: 'PATCH', query: { url, ...changesQuery(changes) }, schema: NoContentSchema });

/** deleteGalleryImage */
export const deleteGalleryImage = (projectId: string, url: string) =>
  apiFetch(`/v2/project/${encode(projectId)}/gallery`, { method: 'DELETE', query: { url }, schema: NoContentSchema });
