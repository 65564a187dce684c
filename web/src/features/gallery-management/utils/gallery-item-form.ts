import { GALLERY_DESCRIPTION_MAX_LENGTH, GALLERY_TITLE_MAX_LENGTH } from '@cairn/shared/constants/gallery';
import { INT32_MAX } from '@cairn/shared/schemas/common';
import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { z } from 'zod';

export interface GalleryItemValues {
  title: string;
  description: string;
  /** Kept as typed; checked to be a whole number by the schema. */
  ordering: string;
  featured: boolean;
}

/** What PATCH /project/{id}/gallery is sent for one image: only what changed. */
export interface GalleryImageChanges {
  title?: string;
  description?: string;
  ordering?: number;
  featured?: boolean;
}

export type GalleryItemMessages = Record<'titleTooLong' | 'titleRequired' | 'descriptionTooLong' | 'descriptionRequired' | 'ordering', string>;

/**
 * The edit form's rules. The API can change a title or description but not remove one, so a
 * field that had text cannot be emptied.
 */
export function galleryItemSchema(image: Pick<GalleryImage, 'title' | 'description'>, messages: GalleryItemMessages): z.ZodType<GalleryItemValues, GalleryItemValues> {
  return z.object({
    title: z
      .string()
      .max(GALLERY_TITLE_MAX_LENGTH, messages.titleTooLong)
      .refine((value) => !image.title || value.trim() !== '', messages.titleRequired),
    description: z
      .string()
      .max(GALLERY_DESCRIPTION_MAX_LENGTH, messages.descriptionTooLong)
      .refine((value) => !image.description || value.trim() !== '', messages.descriptionRequired),
    ordering: z.string().refine((value) => {
      if (!/^\s*-?\d+\s*$/.test(value)) return false;
      const number = Number(value);
      return number >= -INT32_MAX - 1 && number <= INT32_MAX;
    }, messages.ordering),
    featured: z.boolean(),
  });
}

export function galleryItemDefaults(image: GalleryImage): GalleryItemValues {
  return { title: image.title ?? '', description: image.description ?? '', ordering: String(image.ordering), featured: image.featured };
}

export function galleryItemChanges(image: GalleryImage, values: GalleryItemValues): GalleryImageChanges {
  const changes: GalleryImageChanges = {};
  const title = values.title.trim();
  const description = values.description.trim();
  const ordering = Number(values.ordering);
  if (title !== (image.title ?? '') && title !== '') changes.title = title;
  if (description !== (image.description ?? '') && description !== '') changes.description = description;
  if (ordering !== image.ordering) changes.ordering = ordering;
  if (values.featured !== image.featured) changes.featured = values.featured;
  return changes;
}
