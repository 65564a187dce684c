import { DARK_THEMES, type DarkTheme } from './cosmetics';
import { TEN_YEARS_SECONDS, type CookieOptions } from './cookies';

/**
 * Colour themes. The preference is kept in a cookie so `public/theme-init.js` can apply it before
 * the first paint; that script mirrors `resolveTheme` (a unit test runs both over the same cases).
 */
export const THEME_COOKIE = 'cairn-color-mode';
export const THEME_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' };

const THEME_PREFERENCES = ['system', 'light', 'dark', 'oled', 'retro'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | DarkTheme;

export function parseThemePreference(raw: string | undefined): ThemePreference {
  return (THEME_PREFERENCES as readonly string[]).includes(raw ?? '') ? (raw as ThemePreference) : 'system';
}

/** Only dark, oled and retro count as a dark theme; anything else falls back to dark. */
export function normalizeDarkTheme(raw: string | undefined): DarkTheme {
  return (DARK_THEMES as readonly string[]).includes(raw ?? '') ? (raw as DarkTheme) : 'dark';
}

export function isDarkTheme(theme: ResolvedTheme | ThemePreference): theme is DarkTheme {
  return (DARK_THEMES as readonly string[]).includes(theme);
}

/** "Sync with system" follows the OS: light, or the user's preferred dark theme. */
export function resolveTheme(preference: ThemePreference, preferredDark: string | undefined, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? normalizeDarkTheme(preferredDark) : 'light';
  return preference;
}

/** The theme toggle flips between light and the preferred dark theme. */
export function toggledTheme(current: ResolvedTheme, preferredDark: string | undefined): ResolvedTheme {
  return current === 'light' ? normalizeDarkTheme(preferredDark) : 'light';
}

export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme === 'light' ? 'light' : 'dark';
}
