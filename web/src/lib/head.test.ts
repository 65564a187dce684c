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
      feeds: [],
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

    applyHead(document, { title: 'Cairn', description: DEFAULT_DESCRIPTION, noindex: false, alternates: [], feeds: [] });
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('writes a page’s Atom feeds as alternate links and replaces them on the next page', () => {
    const feed = { title: 'Sodium – new versions', href: 'https://api.cairn.test/v2/project/AABBCCDD/feed.atom' };
    applyHead(document, resolveHead({ title: 'Sodium', feeds: [feed] }, '/mod/sodium', 'en-US', 'https://cairn.test'));
    const feeds = () => [...document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((link) => ({ title: link.getAttribute('title'), href: link.getAttribute('href') }));
    expect(feeds()).toEqual([feed]);
    // The language alternates stay apart from the feed.
    expect(document.head.querySelectorAll('link[rel="alternate"][hreflang]')).toHaveLength(2);

    const user = { title: 'jellysquid – new versions', href: 'https://api.cairn.test/v2/user/jellysquid/feed.atom' };
    applyHead(document, resolveHead({ title: 'jellysquid', feeds: [user] }, '/user/jellysquid', 'en-US', 'https://cairn.test'));
    expect(feeds()).toEqual([user]);
    applyHead(document, resolveHead({ title: 'Settings' }, '/settings', 'en-US', 'https://cairn.test'));
    expect(feeds()).toEqual([]);
  });
});
