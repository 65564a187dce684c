import { z } from 'zod';
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

const displayModeSchema = (kind: DisplayModeKind) => z.enum(DISPLAY_MODES).catch(DEFAULT_SEARCH_DISPLAY_MODE[kind]);

/**
 * Each field falls back to its default on its own, so one bad or missing value (an older cookie,
 * a hand edit) never throws the others away. An unknown dark theme falls back to `dark` (spec §5).
 */
const CosmeticsSchema = z.object({
  rightSearchLayout: z.boolean().catch(false),
  leftContentLayout: z.boolean().catch(false),
  /** Blur and other costly effects. */
  advancedRendering: z.boolean().catch(true),
  externalLinksNewTab: z.boolean().catch(true),
  notUsingBlockers: z.boolean().catch(false),
  hideAppPromos: z.boolean().catch(false),
  preferredDarkTheme: z.enum(DARK_THEMES).catch('dark'),
  searchDisplayMode: z
    .object({
      mod: displayModeSchema('mod'),
      plugin: displayModeSchema('plugin'),
      modpack: displayModeSchema('modpack'),
      datapack: displayModeSchema('datapack'),
      resourcepack: displayModeSchema('resourcepack'),
      shader: displayModeSchema('shader'),
      user: displayModeSchema('user'),
      collection: displayModeSchema('collection'),
    })
    .catch({ ...DEFAULT_SEARCH_DISPLAY_MODE }),
  hideStagingBanner: z.boolean().catch(false),
});

export type Cosmetics = z.infer<typeof CosmeticsSchema>;

export const DEFAULT_COSMETICS: Cosmetics = Object.freeze(CosmeticsSchema.parse({}));

/** Tolerant parse of the cookie value (JSON); anything unreadable gives the defaults. */
export function parseCosmetics(raw: string | undefined): Cosmetics {
  if (raw === undefined || raw === '') return CosmeticsSchema.parse({});
  try {
    const value: unknown = JSON.parse(raw);
    return CosmeticsSchema.parse(typeof value === 'object' && value !== null ? value : {});
  } catch {
    return CosmeticsSchema.parse({});
  }
}

export function readCosmetics(): Cosmetics {
  return parseCosmetics(readCookie(COSMETICS_COOKIE));
}

export function writeCosmetics(cosmetics: Cosmetics): void {
  writeCookie(COSMETICS_COOKIE, JSON.stringify(cosmetics), COSMETICS_COOKIE_OPTIONS);
}
