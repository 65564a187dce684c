import { describe, expect, it } from 'vitest';
import { applyHead, DEFAULT_DESCRIPTION, resolveHead } from './head';

describe('head tags', () => {
  it('resolves title, canonical URL and alternates for the default locale', () => {
    const head = resolveHead({ title: 'Mods', description: 'Find mods' }, '/mods', 'en-US', 'https://cairn.test');
    expect(head).toEqual({
      title: 'Mods – Cairn',
      description: 'Find mods',
      noindex: false,
      canonicalUrl: 'https://cairn.test/mods',
      alternates: [
        { hreflang: 'x-default', href: 'https://cairn.test/mods' },
        { hreflang: 'en-US', href: 'https://cairn.test/mods' },
      ],
    });
  });

  it('uses the site name and description by default, a canonical path when given, hl for other locales', () => {
    const head = resolveHead({ canonicalPath: '/mod/sodium', noindex: true }, '/mod/AABBCCDD', 'de-DE', 'https://cairn.test');
    expect(head.title).toBe('Cairn');
    expect(head.description).toBe(DEFAULT_DESCRIPTION);
    expect(head.noindex).toBe(true);
    expect(head.canonicalUrl).toBe('https://cairn.test/mod/sodium?hl=de-DE');
    expect(head.alternates[0]).toEqual({ hreflang: 'x-default', href: 'https://cairn.test/mod/sodium' });
  });

  it('writes and updates the document head', () => {
    applyHead(document, resolveHead({ title: 'Secret', noindex: true }, '/settings', 'en-US', 'https://cairn.test'));
    expect(document.title).toBe('Secret – Cairn');
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://cairn.test/settings');
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(2);

    applyHead(document, { title: 'Cairn', description: DEFAULT_DESCRIPTION, noindex: false, alternates: [] });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });
});
