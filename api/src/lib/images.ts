import type sharpModule from 'sharp';
import { badRequest } from './errors.js';

/** Image formats accepted for icons, avatars and gallery images (checked from the bytes). */
const ACCEPTED_FORMATS = new Map([
  ['png', 'png'],
  ['jpeg', 'jpg'],
  ['gif', 'gif'],
  ['webp', 'webp'],
]);

export interface ImageVariant {
  data: Buffer;
  extension: string;
}

/** The image library (native, some 13 MB once loaded), loaded by the first image handled. */
let loading: Promise<typeof sharpModule> | undefined;
export const loadSharp = () => (loading ??= import('sharp').then((module) => module.default));

export const ICON_SIZE = 96;
export const GALLERY_THUMBNAIL_WIDTH = 350;

/** Reads the real format of an upload; anything that is not png/jpeg/gif/webp → 400. */
export async function inspectImage(data: Buffer, field: string): Promise<{ extension: string; width: number; height: number }> {
  const sharp = await loadSharp();
  let metadata: sharpModule.Metadata;
  try {
    metadata = await sharp(data, { animated: true }).metadata();
  } catch {
    throw badRequest(`${field} is not a readable image`, 'invalid_image');
  }
  const extension = metadata.format ? ACCEPTED_FORMATS.get(metadata.format) : undefined;
  if (!extension) throw badRequest(`${field} must be a PNG, JPEG, GIF or WebP image`, 'invalid_image');
  return { extension, width: metadata.width ?? 0, height: metadata.pageHeight ?? metadata.height ?? 0 };
}

/** The dominant colour as the 24-bit integer the API returns in `color`. */
export async function dominantColor(data: Buffer): Promise<number> {
  const sharp = await loadSharp();
  const { dominant } = await sharp(data).stats();
  return (dominant.r << 16) + (dominant.g << 8) + dominant.b;
}

/**
 * An icon or avatar: the original (kept as uploaded) and a 96 px square copy; animated GIFs
 * keep their animation in the copy.
 */
export async function processIcon(data: Buffer, field = 'icon'): Promise<{ original: ImageVariant; resized: ImageVariant; color: number }> {
  const { extension } = await inspectImage(data, field);
  const animated = extension === 'gif';
  const sharp = await loadSharp();
  const resized = await sharp(data, { animated })
    .resize(ICON_SIZE, ICON_SIZE, { fit: 'cover' })
    .toFormat(animated ? 'gif' : 'webp')
    .toBuffer();
  return {
    original: { data, extension },
    resized: { data: resized, extension: animated ? 'gif' : 'webp' },
    color: await dominantColor(data),
  };
}

/** A gallery image: the original and a 350 px wide WebP thumbnail. */
export async function processGalleryImage(data: Buffer, field = 'image'): Promise<{ original: ImageVariant; thumbnail: ImageVariant; color: number }> {
  const { extension } = await inspectImage(data, field);
  const sharp = await loadSharp();
  const thumbnail = await sharp(data).resize({ width: GALLERY_THUMBNAIL_WIDTH, withoutEnlargement: true }).webp().toBuffer();
  return { original: { data, extension }, thumbnail: { data: thumbnail, extension: 'webp' }, color: await dominantColor(data) };
}
