import { describe, expect, it } from 'vitest';
import { galleryItemChanges, galleryItemDefaults, galleryItemSchema } from './gallery-item-form';
import { checkGalleryFile, galleryExtension, nextGalleryOrdering } from './gallery-rules';

const image = {
  url: 'https://cdn.example.test/g.webp',
  raw_url: 'https://cdn.example.test/g.png',
  featured: false,
  title: 'Cave',
  description: null,
  created: '2024-01-01T00:00:00Z',
  ordering: 3,
};
const messages = { titleTooLong: 'long', titleRequired: 'title', descriptionTooLong: 'long description', descriptionRequired: 'description', ordering: 'ordering' };

describe('gallery rules', () => {
  it('reads the format from the type, else the name', () => {
    expect(galleryExtension({ name: 'a.bin', type: 'image/webp' })).toBe('webp');
    expect(galleryExtension({ name: 'shot.JPG', type: '' })).toBe('jpg');
    expect(galleryExtension({ name: 'icon.svg', type: 'image/svg+xml' })).toBeUndefined();
  });

  it('refuses other formats, files over 5 MiB and a full gallery', () => {
    expect(checkGalleryFile({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 }, 63)).toEqual({ ok: true, ext: 'png' });
    expect(checkGalleryFile({ name: 'a.txt', type: 'text/plain', size: 1 }, 0)).toEqual({ ok: false, reason: 'type' });
    expect(checkGalleryFile({ name: 'a.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 }, 0)).toEqual({ ok: false, reason: 'size' });
    expect(checkGalleryFile({ name: 'a.png', type: 'image/png', size: 1 }, 64)).toEqual({ ok: false, reason: 'full' });
  });

  it('places new images after the last one', () => {
    expect(nextGalleryOrdering([])).toBe(0);
    expect(nextGalleryOrdering([{ ordering: 4 }, { ordering: -2 }])).toBe(5);
  });
});

describe('gallery item form', () => {
  const schema = galleryItemSchema(image, messages);

  it('keeps a title from being emptied and wants a whole order index', () => {
    const result = schema.safeParse({ ...galleryItemDefaults(image), title: ' ', ordering: '1.5' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual(['ordering', 'title']);
    // No description yet: leaving it empty is fine.
    expect(schema.safeParse({ ...galleryItemDefaults(image), ordering: '-7' }).success).toBe(true);
  });

  it('sends only what changed, trimmed', () => {
    expect(galleryItemChanges(image, galleryItemDefaults(image))).toEqual({});
    expect(galleryItemChanges(image, { title: ' Deep cave ', description: 'Lit by lanterns', ordering: '0', featured: true })).toEqual({
      title: 'Deep cave',
      description: 'Lit by lanterns',
      ordering: 0,
      featured: true,
    });
  });
});
