import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalizeDarkTheme, parseThemePreference, resolveTheme, toggledTheme } from './theme';

describe('theme rules', () => {
  it('toggles between light and the preferred dark theme', () => {
    expect(toggledTheme('light', 'dark')).toBe('dark');
    expect(toggledTheme('light', 'oled')).toBe('oled');
    expect(toggledTheme('light', 'retro')).toBe('retro');
    expect(toggledTheme('oled', 'oled')).toBe('light');
    expect(toggledTheme('retro', 'dark')).toBe('light');
  });

  it('accepts only dark, oled and retro as the preferred dark theme, else dark', () => {
    expect(normalizeDarkTheme('oled')).toBe('oled');
    expect(normalizeDarkTheme('retro')).toBe('retro');
    expect(normalizeDarkTheme('light')).toBe('dark');
    expect(normalizeDarkTheme('system')).toBe('dark');
    expect(normalizeDarkTheme('neon')).toBe('dark');
    expect(normalizeDarkTheme(undefined)).toBe('dark');
    expect(toggledTheme('light', 'light')).toBe('dark');
  });

  it('follows the system with light or the preferred dark theme', () => {
    expect(resolveTheme('system', 'oled', true)).toBe('oled');
    expect(resolveTheme('system', 'oled', false)).toBe('light');
    expect(resolveTheme('system', 'bogus', true)).toBe('dark');
    expect(resolveTheme('retro', 'dark', false)).toBe('retro');
    expect(resolveTheme('light', 'oled', true)).toBe('light');
  });

  it('reads an unknown stored preference as "sync with system"', () => {
    expect(parseThemePreference('oled')).toBe('oled');
    expect(parseThemePreference('sepia')).toBe('system');
    expect(parseThemePreference(undefined)).toBe('system');
  });
});

describe('public/theme-init.js (runs before the app, without it)', () => {
  const script = readFileSync(join(dirname(import.meta.filename), '..', '..', 'public', 'theme-init.js'), 'utf8');

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function runScript(cookies: Record<string, string>, systemDark: boolean): string | undefined {
    for (const [name, value] of Object.entries(cookies)) document.cookie = `${name}=${encodeURIComponent(value)}; Path=/`;
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: systemDark && query.includes('dark') }));
    new Function(script)();
    return document.documentElement.dataset.theme;
  }

  const cases: Array<[string | undefined, string | undefined, boolean]> = [
    [undefined, undefined, false],
    [undefined, undefined, true],
    ['system', 'oled', true],
    ['system', 'retro', false],
    ['system', 'sepia', true],
    ['light', 'oled', true],
    ['dark', undefined, false],
    ['oled', undefined, false],
    ['retro', 'dark', true],
    ['garbage', 'retro', true],
  ];

  it.each(cases)('agrees with resolveTheme for preference %s, preferred dark %s, system dark %s', (preference, preferredDark, systemDark) => {
    const cookies: Record<string, string> = {};
    if (preference !== undefined) cookies['cairn-color-mode'] = preference;
    if (preferredDark !== undefined) cookies['cairn-cosmetics'] = JSON.stringify({ preferredDarkTheme: preferredDark });
    const fromScript = runScript(cookies, systemDark);
    expect(fromScript).toBe(resolveTheme(parseThemePreference(preference), preferredDark, systemDark));
    expect(document.documentElement.style.colorScheme).toBe(fromScript === 'light' ? 'light' : 'dark');
  });

  it('survives an unreadable cosmetics cookie', () => {
    document.cookie = 'cairn-cosmetics=%7Bnot-json; Path=/';
    expect(runScript({ 'cairn-color-mode': 'system' }, true)).toBe('dark');
  });
});
