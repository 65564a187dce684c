import type sharpModule from 'sharp';
import { ApiError } from '../../lib/errors.js';
import { loadSharp } from '../../lib/images.js';

/**
 * Turns the bytes an origin sent into an image Cairn serves: the format is read from the bytes
 * (never from the origin's content-type), the pixel count is checked from the header before
 * anything is decoded, wider images are scaled down, and the result is encoded anew, which also
 * drops metadata (location, camera) and anything appended to the file.
 *
 * SVG is rasterized to PNG rather than passed through: an SVG served from the API's origin is a
 * document that can carry script and links, and the badges descriptions use are SVG, so refusing
 * it would break them. The rasterizer loads nothing external (the bytes have no base location),
 * its size is bounded by the pixel limit, and no SVG byte ever reaches a browser.
 */

/** Output of each accepted input format: its own family, animated GIF and WebP kept animated. */
const OUTPUT: Record<string, { format: 'jpeg' | 'png' | 'gif' | 'webp'; contentType: string }> = {
  jpeg: { format: 'jpeg', contentType: 'image/jpeg' },
  png: { format: 'png', contentType: 'image/png' },
  gif: { format: 'gif', contentType: 'image/gif' },
  webp: { format: 'webp', contentType: 'image/webp' },
  svg: { format: 'png', contentType: 'image/png' },
};

export interface ImageLimits {
  maxPixels: number;
  maxWidth: number;
}

export interface ReencodedImage {
  data: Buffer;
  contentType: string;
  extension: string;
}

const notAnImage = (what: string) => new ApiError(415, 'not_an_image', `url: ${what}`);

export async function reencodeImage(data: Buffer, limits: ImageLimits): Promise<ReencodedImage> {
  const sharp = await loadSharp();
  let metadata: sharpModule.Metadata;
  try {
    metadata = await sharp(data, { animated: true, limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage('the origin did not answer with an image');
  }
  const output = metadata.format ? OUTPUT[metadata.format] : undefined;
  if (!output) throw notAnImage(`${metadata.format ?? 'this'} images are not shown; use PNG, JPEG, GIF, WebP or SVG`);
  const pages = metadata.pages ?? 1;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  const pixels = (metadata.width ?? 0) * frameHeight * pages;
  if (pixels > limits.maxPixels) {
    throw new ApiError(413, 'image_too_large', `url: the image has ${pixels} pixels (all frames), more than the limit of ${limits.maxPixels}`);
  }
  const animated = pages > 1 && (output.format === 'gif' || output.format === 'webp');
  try {
    let image = sharp(data, { animated, limitInputPixels: limits.maxPixels, failOn: 'error' });
    // EXIF orientation is applied to still photos before their metadata is dropped.
    if (!animated) image = image.rotate();
    image = image.resize({ width: limits.maxWidth, withoutEnlargement: true });
    const encoded = await image.toFormat(output.format).toBuffer();
    return { data: encoded, contentType: output.contentType, extension: output.format === 'jpeg' ? 'jpg' : output.format };
  } catch {
    throw notAnImage('the image could not be decoded');
  }
}
