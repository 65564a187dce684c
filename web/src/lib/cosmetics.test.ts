import { describe, expect, it } from 'vitest';
import { readCookie, serializeCookie } from './cookies';
import {
  COSMETICS_COOKIE,
  COSMETICS_COOKIE_OPTIONS,
  DEFAULT_COSMETICS,
  parseCosmetics,
  readCosmetics,
  writeCosmetics,
} from './cosmetics';

describe('cosmetics cookie', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_COSMETICS).toEqual({
      rightSearchLayout: false,
      leftContentLayout: false,
      advancedRendering: true,
      externalLinksNewTab: true,
      notUsingBlockers: false,
      hideAppPromos: false,
      preferredDarkTheme: 'dark',
      searchDisplayMode: {
        mod: 'list',
        plugin: 'list',
        modpack: 'list',
        datapack: 'list',
        resourcepack: 'gallery',
        shader: 'gallery',
        user: 'list',
        collection: 'list',
      },
      hideStagingBanner: false,
    });
    expect(readCosmetics()).toEqual(DEFAULT_COSMETICS);
  });

  it('round-trips through the cookie', () => {
    const changed = {
      ...DEFAULT_COSMETICS,
      hideAppPromos: true,
      preferredDarkTheme: 'oled' as const,
      searchDisplayMode: { ...DEFAULT_COSMETICS.searchDisplayMode, mod: 'grid' as const },
    };
    writeCosmetics(changed);
    expect(readCookie(COSMETICS_COOKIE)).toBe(JSON.stringify(changed));
    expect(readCosmetics()).toEqual(changed);
  });

  it('is written for ten years, SameSite=Lax, path /, readable by scripts, Secure only over https', () => {
    expect(COSMETICS_COOKIE_OPTIONS).toEqual({ maxAgeSeconds: 315_360_000, sameSite: 'Lax' });
    const header = serializeCookie(COSMETICS_COOKIE, '{}', COSMETICS_COOKIE_OPTIONS, true);
    expect(header).toBe('cairn-cosmetics=%7B%7D; Max-Age=315360000; Path=/; SameSite=Lax; Secure');
    expect(header).not.toMatch(/HttpOnly/i);
    expect(serializeCookie(COSMETICS_COOKIE, '{}', COSMETICS_COOKIE_OPTIONS, false)).not.toMatch(/Secure/);
  });

  it('keeps each valid field and falls back per field', () => {
    const parsed = parseCosmetics(
      JSON.stringify({
        hideAppPromos: true,
        advancedRendering: 'yes',
        preferredDarkTheme: 'light',
        searchDisplayMode: { shader: 'list', mod: 'carousel' },
        unknownField: 1,
      }),
    );
    expect(parsed.hideAppPromos).toBe(true);
    expect(parsed.advancedRendering).toBe(true);
    expect(parsed.preferredDarkTheme).toBe('dark');
    expect(parsed.searchDisplayMode.shader).toBe('list');
    expect(parsed.searchDisplayMode.mod).toBe('list');
    expect(parsed.searchDisplayMode.resourcepack).toBe('gallery');
    expect(parsed).not.toHaveProperty('unknownField');
  });

  it('gives the defaults for an unreadable cookie', () => {
    expect(parseCosmetics('{oops')).toEqual(DEFAULT_COSMETICS);
    expect(parseCosmetics('42')).toEqual(DEFAULT_COSMETICS);
    expect(parseCosmetics('')).toEqual(DEFAULT_COSMETICS);
  });
});
