import { readCookie, TEN_YEARS_SECONDS, writeCookie, type CookieOptions } from './cookies';

/** Display preferences kept in a script-readable cookie (spec §9). */
export const COSMETICS_COOKIE = 'cairn-cosmetics';
export const COSMETICS_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' };

export const DARK_THEMES = ['dark', 'oled', 'retro'] as const;
export type DarkTheme = (typeof DARK_THEMES)[number];

/** Kinds of list that remember how they are displayed. */
export const DISPLAY_MODE_KINDS = ['mod', 'plugin', 'modpack', 'datapack', 'resourcepack', 'shader', 'user', 'collection'] as const;
export type DisplayModeKind = (typeof DISPLAY_MODE_KINDS)[number];
export const DISPLAY_MODES = ['list', 'grid', 'gallery'] as const;
type DisplayMode = (typeof DISPLAY_MODES)[number];

const DEFAULT_SEARCH_DISPLAY_MODE: Readonly<Record<DisplayModeKind, DisplayMode>> = {
  mod: 'list',
  plugin: 'list',
  modpack: 'list',
  datapack: 'list',
  user: 'list',
  collection: 'list',
  resourcepack: 'gallery',
  shader: 'gallery',
};

export interface Cosmetics {
  rightSearchLayout: boolean;
  leftContentLayout: boolean;
  /** Blur and other costly effects. */
  advancedRendering: boolean;
  externalLinksNewTab: boolean;
  notUsingBlockers: boolean;
  hideAppPromos: boolean;
  preferredDarkTheme: DarkTheme;
  searchDisplayMode: Record<DisplayModeKind, DisplayMode>;
  hideStagingBanner: boolean;
}

const BOOLEAN_DEFAULTS = {
  rightSearchLayout: false,
  leftContentLayout: false,
  advancedRendering: true,
  externalLinksNewTab: true,
  notUsingBlockers: false,
  hideAppPromos: false,
  hideStagingBanner: false,
} as const satisfies Partial<Cosmetics>;

const oneOf = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/**
 * Each field falls back to its default on its own, so one bad or missing value (an older cookie,
 * a hand edit) never throws the others away. An unknown dark theme falls back to `dark` (spec §5).
 * Checked by hand rather than with zod, which would otherwise be part of every page's first download.
 */
function cosmeticsFrom(value: Record<string, unknown>): Cosmetics {
  const modes = value.searchDisplayMode;
  const modeRecord = typeof modes === 'object' && modes !== null ? (modes as Record<string, unknown>) : {};
  const booleans = Object.fromEntries(
    Object.entries(BOOLEAN_DEFAULTS).map(([key, fallback]) => [key, typeof value[key] === 'boolean' ? value[key] : fallback]),
  ) as Record<keyof typeof BOOLEAN_DEFAULTS, boolean>;
  return {
    ...booleans,
    preferredDarkTheme: oneOf(DARK_THEMES, value.preferredDarkTheme, 'dark'),
    searchDisplayMode: Object.fromEntries(
      DISPLAY_MODE_KINDS.map((kind) => [kind, oneOf(DISPLAY_MODES, modeRecord[kind], DEFAULT_SEARCH_DISPLAY_MODE[kind])]),
    ) as Record<DisplayModeKind, DisplayMode>,
  };
}

export const DEFAULT_COSMETICS: Cosmetics = Object.freeze(cosmeticsFrom({}));

/** Tolerant parse of the cookie value (JSON); anything unreadable gives the defaults. */
export function parseCosmetics(raw: string | undefined): Cosmetics {
  if (raw === undefined || raw === '') return cosmeticsFrom({});
  try {
    const value: unknown = JSON.parse(raw);
    return cosmeticsFrom(typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
  } catch {
    return cosmeticsFrom({});
  }
}

export function readCosmetics(): Cosmetics {
  return parseCosmetics(readCookie(COSMETICS_COOKIE));
}

export function writeCosmetics(cosmetics: Cosmetics): void {
  writeCookie(COSMETICS_COOKIE, JSON.stringify(cosmetics), COSMETICS_COOKIE_OPTIONS);
}
