import { defineCheck } from '../review-check.js';

const filled = (text: string | null) => text !== null && text.trim() !== '';

/**
 * Every gallery image has alternative text. The website uses an image's description as its
 * alt text, and its title when there is no description; an image with neither is announced
 * to screen-reader users as nothing but "image".
 */
export const galleryAltTextCheck = defineCheck('gallery_alt_text', ({ gallery }) => {
  if (gallery.length === 0) return { status: 'pass', reason: 'no_images', message: 'The gallery is empty.' };
  const bare = gallery.filter((image) => !filled(image.title) && !filled(image.description));
  if (bare.length === 0) return { status: 'pass', reason: 'ok', message: 'Every gallery image has a title or description.' };
  return {
    status: 'warn',
    reason: 'missing_alt',
    message: `${bare.length} of ${gallery.length} gallery images have neither a title nor a description (their alt text).`,
    values: { missing: bare.length, total: gallery.length },
    items: bare.map((image) => ({ subject: image.url, fix: { kind: 'gallery' } as const })),
    fix: { kind: 'gallery' },
  };
});
