import { describe, expect, it } from 'vitest';
import { galleryItemChanges, galleryItemDefaults, galleryItemSchema } from './gallery-item-form';
import { checkGalleryFile, galleryExtension, nextGalleryOrdering } from './gallery-rules';
import { defaultUploadDetails, titleFromFileName, uploadDetailsQuery } from './gallery-upload-details';

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

describe('upload details', () => {
  it('titles an image after its file, without the extension and within the limit', () => {
    expect(titleFromFileName('sunset over hills.png')).toBe('sunset over hills');
    expect(titleFromFileName('archive.tar.gz')).toBe('archive.tar');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(titleFromFileName(`${'a'.repeat(300)}.png`)).toHaveLength(255);
  });

  it('features the first new image only when nothing is featured yet', () => {
    const files = [{ name: 'a.png' }, { name: 'b.png' }];
    expect(defaultUploadDetails(files, false).map((d) => d.featured)).toEqual([true, false]);
    expect(defaultUploadDetails(files, true).map((d) => d.featured)).toEqual([false, false]);
    expect(defaultUploadDetails(files, true)[1]).toEqual({ title: 'b', description: '', featured: false });
  });

  it('sends trimmed text and leaves empty text out', () => {
    expect(uploadDetailsQuery({ title: ' Cave ', description: '   ', featured: true })).toEqual({ featured: 'true', title: 'Cave' });
    expect(uploadDetailsQuery({ title: '', description: 'Moss', featured: false })).toEqual({ featured: 'false', description: 'Moss' });
  });
});
