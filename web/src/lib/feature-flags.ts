import { readCookie, TEN_YEARS_SECONDS, writeCookie, type CookieOptions } from './cookies';

/**
 * Feature flags: defaults live here, the cookie keeps only the user's overrides, so changing a
 * default later reaches everyone who did not touch that flag. Add a flag by adding a default.
 */
const FEATURE_FLAGS_COOKIE = 'cairn-feature-flags';
const FEATURE_FLAGS_COOKIE_OPTIONS: CookieOptions = { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' };

/**
 * Only flags that change something are listed; the reference's others (card styles, promotions,
 * checklist placement…) are added together with the features they switch.
 */
const FEATURE_FLAG_DEFAULTS = {
  /** Reveals ids and developer tools; toggled by clicking the logo five times. */
  developerMode: false,
  /** A raw JSON view of the project under project pages. */
  advancedDebugInfo: false,
  /** Hides "Upgrade to Cairn Plus" in the account menu. */
  hidePlusPromoInUserMenu: false,
} as const satisfies Record<string, boolean>;

export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Only known flags with boolean values survive; everything else is ignored. */
export function parseFeatureFlagOverrides(raw: string | undefined): Partial<FeatureFlags> {
  if (!raw) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const overrides: Partial<FeatureFlags> = {};
  for (const flag of Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlag[]) {
    const flagValue = (value as Record<string, unknown>)[flag];
    if (typeof flagValue === 'boolean') overrides[flag] = flagValue;
  }
  return overrides;
}

/** Every flag's value given the overrides; `resolveFeatureFlags({})` gives the defaults. */
export function resolveFeatureFlags(overrides: Partial<FeatureFlags>): FeatureFlags {
  return { ...FEATURE_FLAG_DEFAULTS, ...overrides };
}

export function readFeatureFlagOverrides(): Partial<FeatureFlags> {
  return parseFeatureFlagOverrides(readCookie(FEATURE_FLAGS_COOKIE));
}

export function writeFeatureFlagOverrides(overrides: Partial<FeatureFlags>): void {
  writeCookie(FEATURE_FLAGS_COOKIE, JSON.stringify(overrides), FEATURE_FLAGS_COOKIE_OPTIONS);
}

/** Counts clicks that follow each other within `gapMs`; reports true on every `threshold`-th one. */
export function createClickCounter(threshold: number, gapMs: number, now: () => number = Date.now) {
  let count = 0;
  let last = Number.NEGATIVE_INFINITY;
  return function click(): boolean {
    const time = now();
    count = time - last <= gapMs ? count + 1 : 1;
    last = time;
    if (count < threshold) return false;
    count = 0;
    return true;
  };
}

/** Five logo clicks, each within this long of the previous, toggle developer mode. */
export const DEVELOPER_MODE_CLICKS = 5;
export const DEVELOPER_MODE_CLICK_GAP_MS = 3_000;
