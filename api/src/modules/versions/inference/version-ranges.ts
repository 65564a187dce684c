/**
 * Game-version requirements as manifests write them, resolved against the real game-version
 * tags. A requirement names versions exactly (which may be snapshots) and/or describes ranges,
 * which only ever select releases: a range "1.20 – 1.21" does not mean every snapshot between.
 */

export interface GameVersionTag {
  version: string;
  versionType: string;
}

export interface VersionRequirement {
  /** Versions named outright ("1.20.1", "23w13a"). */
  exact: string[];
  /** Whether a release falls in one of the ranges described. */
  matches: (release: string) => boolean;
}

export const NO_REQUIREMENT: VersionRequirement = { exact: [], matches: () => false };

/** Numeric parts of a version ("1.20.1" → [1, 20, 1]) and whether it carries a pre-release tag. */
interface VersionKey {
  parts: number[];
  prerelease: boolean;
}

function versionKey(text: string): VersionKey | undefined {
  const match = /^v?(\d+(?:\.\d+)*)(?:[-+](.*))?$/.exec(text.trim());
  if (!match) return undefined;
  const parts = match[1]!.split('.').map(Number);
  // "1.20-" (a trailing dash) is the semver way of saying "including 1.20's pre-releases".
  return { parts, prerelease: match[2] !== undefined && !match[0].includes('+') };
}

/** Missing parts count as zero ("1.20" = "1.20.0"); a pre-release sorts before its release. */
function compareKeys(a: VersionKey, b: VersionKey): number {
  const length = Math.max(a.parts.length, b.parts.length);
  for (let i = 0; i < length; i += 1) {
    const difference = (a.parts[i] ?? 0) - (b.parts[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return Number(b.prerelease) - Number(a.prerelease);
}

type Bound = { key: VersionKey; inclusive: boolean };
interface Interval {
  lower?: Bound;
  upper?: Bound;
}

function inInterval(key: VersionKey, interval: Interval): boolean {
  if (interval.lower) {
    const c = compareKeys(key, interval.lower.key);
    if (c < 0 || (c === 0 && !interval.lower.inclusive)) return false;
  }
  if (interval.upper) {
    const c = compareKeys(key, interval.upper.key);
    if (c > 0 || (c === 0 && !interval.upper.inclusive)) return false;
  }
  return true;
}

/** Holds no release: a snapshot named outright adds itself through `exact` only. */
const NO_RELEASE: Interval = { upper: { key: { parts: [-1], prerelease: true }, inclusive: false } };

const bump = (parts: number[], index: number): VersionKey => ({
  parts: [...parts.slice(0, index), (parts[index] ?? 0) + 1],
  prerelease: true,
});

function requirementOf(exact: string[], intervals: Interval[][]): VersionRequirement {
  return {
    exact,
    matches: (release) => {
      const key = versionKey(release);
      return key !== undefined && intervals.some((all) => all.every((interval) => inInterval(key, interval)));
    },
  };
}

/** "1.20.x", "1.x", "1.20.*": the interval they span, or undefined when the text has no wildcard. */
function wildcardInterval(text: string): Interval | undefined {
  const match = /^(\d+(?:\.\d+)*)\.[xX*]$/.exec(text);
  if (!match) return undefined;
  const parts = match[1]!.split('.').map(Number);
  return { lower: { key: { parts, prerelease: true }, inclusive: true }, upper: { key: bump(parts, parts.length - 1), inclusive: false } };
}

/** One semver comparator ("~1.20.1", ">=1.20", "1.20.x", "1.20.1"). Adds to `exact` for a bare version. */
function comparatorInterval(comparator: string, exact: string[]): Interval | undefined {
  if (comparator === '*' || comparator === 'x' || comparator === 'X') return {};
  const match = /^(>=|<=|>|<|=|~>|~|\^)?\s*(.+)$/.exec(comparator);
  if (!match) return undefined;
  const operator = match[1] ?? '';
  const text = match[2]!;
  const wildcard = wildcardInterval(text);
  if (wildcard && (operator === '' || operator === '=')) return wildcard;
  const key = versionKey(text);
  if (!key) {
    // Not a numbered version: a snapshot or other tag named outright.
    if (operator === '' || operator === '=') exact.push(text);
    return operator === '' || operator === '=' ? NO_RELEASE : undefined;
  }
  switch (operator) {
    case '>=':
      return { lower: { key, inclusive: true } };
    case '>':
      return { lower: { key, inclusive: false } };
    case '<=':
      return { upper: { key, inclusive: true } };
    case '<':
      return { upper: { key, inclusive: false } };
    case '~':
    case '~>':
      // ~1.20.1 and ~1.20 stay within 1.20.x; ~1 within 1.x.
      return { lower: { key, inclusive: true }, upper: { key: bump(key.parts, key.parts.length > 1 ? 1 : 0), inclusive: false } };
    case '^': {
      const first = key.parts.findIndex((p) => p !== 0);
      return { lower: { key, inclusive: true }, upper: { key: bump(key.parts, first < 0 ? key.parts.length - 1 : first), inclusive: false } };
    }
    default:
      exact.push(text);
      return { lower: { key, inclusive: true }, upper: { key, inclusive: true } };
  }
}

/**
 * A semver-style range as fabric.mod.json and quilt.mod.json write them: alternatives joined by
 * `||`, each a space-separated list of comparators, or a hyphen range "1.20 - 1.20.4".
 * Returns undefined for text it cannot read.
 */
export function parseSemverRange(text: string): VersionRequirement | undefined {
  const exact: string[] = [];
  const alternatives: Interval[][] = [];
  for (const alternative of text.split('||')) {
    const trimmed = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(trimmed);
    if (hyphen) {
      const low = versionKey(hyphen[1]!);
      const high = versionKey(hyphen[2]!);
      if (!low || !high) return undefined;
      alternatives.push([{ lower: { key: low, inclusive: true }, upper: { key: high, inclusive: true } }]);
      continue;
    }
    // Operators may be written apart from their version (">= 1.20").
    const comparators = trimmed.replace(/(>=|<=|>|<|=|~>|~|\^)\s+/g, '$1').split(/\s+/).filter(Boolean);
    const intervals: Interval[] = [];
    for (const comparator of comparators.length ? comparators : ['*']) {
      const interval = comparatorInterval(comparator, exact);
      if (!interval) return undefined;
      intervals.push(interval);
    }
    alternatives.push(intervals);
  }
  return requirementOf(exact, alternatives);
}

/**
 * A Maven version range as Forge and NeoForge write them: "[1.20,1.21)", "[1.20.1]",
 * "[1.20,)", "(,1.20.4]", several joined by commas, or a bare "1.20.1" (a soft requirement,
 * taken as that version).
 */
export function parseMavenRange(text: string): VersionRequirement | undefined {
  const trimmed = text.trim();
  const exact: string[] = [];
  if (!/^[[(]/.test(trimmed)) {
    if (!trimmed || /[[\](),]/.test(trimmed)) return undefined;
    return parseSemverRange(trimmed);
  }
  const alternatives: Interval[][] = [];
  const pattern = /\s*([[(])\s*([^,\])]*?)\s*(?:,\s*([^\])]*?)\s*)?([\])])\s*(?:,|$)/y;
  let position = 0;
  while (position < trimmed.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(trimmed);
    if (!match) return undefined;
    position = pattern.lastIndex;
    const [, open, low, high, close] = match;
    if (high === undefined) {
      // "[1.20.1]": exactly that version.
      if (open !== '[' || close !== ']' || !low) return undefined;
      const key = versionKey(low);
      exact.push(low);
      alternatives.push(key ? [{ lower: { key, inclusive: true }, upper: { key, inclusive: true } }] : []);
      continue;
    }
    const interval: Interval = {};
    if (low) {
      const key = versionKey(low);
      if (!key) return undefined;
      interval.lower = { key, inclusive: open === '[' };
    }
    if (high) {
      const key = versionKey(high);
      if (!key) return undefined;
      interval.upper = { key, inclusive: close === ']' };
    }
    alternatives.push([interval]);
  }
  return requirementOf(
    exact,
    alternatives.filter((a) => a.length > 0),
  );
}

/** Requirements joined: a version satisfying any of them is in. */
export function anyOf(requirements: readonly VersionRequirement[]): VersionRequirement {
  return {
    exact: requirements.flatMap((r) => r.exact),
    matches: (release) => requirements.some((r) => r.matches(release)),
  };
}

/** Every release from `version` on (plugin api-version: the oldest game version the plugin supports). */
export function atLeast(version: string): VersionRequirement | undefined {
  const key = versionKey(version);
  if (!key) return undefined;
  return requirementOf([], [[{ lower: { key: { parts: key.parts, prerelease: true }, inclusive: true } }]]);
}

/** Releases from `first` to `last`, both included. */
export function between(first: string, last: string): VersionRequirement {
  const low = versionKey(first)!;
  const high = versionKey(last)!;
  return requirementOf([], [[{ lower: { key: low, inclusive: true }, upper: { key: high, inclusive: true } }]]);
}

/**
 * The tags a requirement selects, oldest first: tags named exactly (any type) and releases
 * inside its ranges. Names that are no real tag are dropped.
 */
export function resolveGameVersions(requirement: VersionRequirement, tags: readonly GameVersionTag[]): string[] {
  const exact = new Set(requirement.exact);
  const selected = tags.filter((tag) => exact.has(tag.version) || (tag.versionType === 'release' && requirement.matches(tag.version)));
  return selected.map((tag) => tag.version).reverse();
}
