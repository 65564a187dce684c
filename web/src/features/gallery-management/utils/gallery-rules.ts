import { GALLERY_IMAGE_EXTENSIONS, GALLERY_IMAGE_MAX_BYTES, GALLERY_MAX_IMAGES } from '@cairn/shared/constants/gallery';
import type { GalleryImage } from '@cairn/shared/schemas/projects';

export type GalleryExtension = (typeof GALLERY_IMAGE_EXTENSIONS)[number];

/** MIME types of the accepted formats: the file input's `accept` and the upload's Content-Type. */
const MIME_TYPES: Record<GalleryExtension, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

export const GALLERY_ACCEPT = [...new Set(Object.values(MIME_TYPES))].join(',');

function isGalleryExtension(value: string): value is GalleryExtension {
  return (GALLERY_IMAGE_EXTENSIONS as readonly string[]).includes(value);
}

/** The format of a picked file, from its type or else its name. */
export function galleryExtension(file: Pick<File, 'name' | 'type'>): GalleryExtension | undefined {
  const fromType = file.type.startsWith('image/') ? file.type.slice('image/'.length).toLowerCase() : '';
  if (isGalleryExtension(fromType)) return fromType;
  const fromName = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return isGalleryExtension(fromName) ? fromName : undefined;
}

export function galleryMimeType(ext: GalleryExtension): string {
  return MIME_TYPES[ext];
}

export type GalleryFileCheck = { ok: true; ext: GalleryExtension } | { ok: false; reason: 'type' | 'size' | 'full' };

/**
 * The API's rules, checked before sending so a wrong file fails at once instead of after its
 * upload: a known image format, at most 5 MiB, and room left in the gallery.
 */
export function checkGalleryFile(file: Pick<File, 'name' | 'type' | 'size'>, imagesAlready: number): GalleryFileCheck {
  const ext = galleryExtension(file);
  if (!ext) return { ok: false, reason: 'type' };
  if (file.size > GALLERY_IMAGE_MAX_BYTES) return { ok: false, reason: 'size' };
  if (imagesAlready >= GALLERY_MAX_IMAGES) return { ok: false, reason: 'full' };
  return { ok: true, ext };
}

/** The order index that puts a new image after every current one. */
export function nextGalleryOrdering(gallery: readonly Pick<GalleryImage, 'ordering'>[]): number {
  return gallery.reduce((highest, image) => Math.max(highest, image.ordering + 1), 0);
}
