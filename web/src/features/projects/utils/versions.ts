import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { Version, VersionFile, VersionType } from '@cairn/shared/schemas/versions';

/**
 * Version lists of a project page: filters (`l` platforms, `g` game versions, `c` channels,
 * `page`), display URL endings and the facts the filters offer.
 */

export const VERSIONS_PER_PAGE = 20;
export const CHANNELS: readonly VersionType[] = ['release', 'beta', 'alpha'];

export interface VersionFilter {
  loaders: string[];
  gameVersions: string[];
  channels: VersionType[];
}

export function parseVersionFilter(params: URLSearchParams): VersionFilter {
  return {
    loaders: params.getAll('l'),
    gameVersions: params.getAll('g'),
    channels: params.getAll('c').filter((c): c is VersionType => (CHANNELS as readonly string[]).includes(c)),
  };
}

/** Writes the filter and page into a copy of `current`, leaving other parameters as they are. */
export function versionFilterParams(filter: VersionFilter, page: number, current = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const key of ['l', 'g', 'c', 'page']) params.delete(key);
  for (const loader of filter.loaders) params.append('l', loader);
  for (const version of filter.gameVersions) params.append('g', version);
  for (const channel of filter.channels) params.append('c', channel);
  if (page > 1) params.set('page', String(page));
  return params;
}

export function pageParam(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Versions matching every part of the filter (any of the chosen values within each part). */
export function filterVersions<T extends Pick<Version, 'loaders' | 'game_versions' | 'version_type'>>(versions: readonly T[], filter: VersionFilter): T[] {
  return versions.filter(
    (v) =>
      (filter.loaders.length === 0 || v.loaders.some((l) => filter.loaders.includes(l))) &&
      (filter.gameVersions.length === 0 || v.game_versions.some((g) => filter.gameVersions.includes(g))) &&
      (filter.channels.length === 0 || filter.channels.includes(v.version_type)),
  );
}

export function toggleValue<T>(values: readonly T[], value: T): T[] {
  return values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
}

/** Every loader the versions use, in first-seen order. */
export function versionLoaders(versions: readonly Pick<Version, 'loaders'>[]): string[] {
  return [...new Set(versions.flatMap((v) => v.loaders))];
}

/** Every game version the versions support, newest first (by the tag list; unknown ones last). */
export function versionGameVersions(versions: readonly Pick<Version, 'game_versions'>[], tags: readonly GameVersionTag[]): string[] {
  const order = new Map(tags.map((tag, index) => [tag.version, index]));
  const rank = (version: string) => order.get(version) ?? Number.MAX_SAFE_INTEGER;
  return [...new Set(versions.flatMap((v) => v.game_versions))].sort((a, b) => rank(a) - rank(b));
}

/** Releases from the tag list, newest first: what version ranges are collapsed over. */
export function releaseVersions(tags: readonly GameVersionTag[]): string[] {
  return tags.filter((tag) => tag.version_type === 'release').map((tag) => tag.version);
}

/** Whether a game version is a release (unknown versions count as not). */
export function isRelease(version: string, tags: readonly GameVersionTag[]): boolean {
  return tags.some((tag) => tag.version === version && tag.version_type === 'release');
}

/**
 * The last part of a version's page URL: its version number, or its id when another version of
 * the project has the same number (so every version has its own address).
 */
export function versionUrlEnding(version: Pick<Version, 'id' | 'version_number'>, versions: readonly Pick<Version, 'id' | 'version_number'>[]): string {
  const shared = versions.some((other) => other.id !== version.id && other.version_number === version.version_number);
  return shared ? version.id : version.version_number;
}

/**
 * The referrer policy of file download links: the site's pages send no Referer, but its download
 * links send the site's origin (never the page), so the API counts those downloads under the
 * download source "website" (see docs/api/analytics.md).
 */
export const FILE_LINK_REFERRER_POLICY = 'origin';

export function primaryFile(version: Pick<Version, 'files'>): VersionFile | undefined {
  return version.files.find((file) => file.primary) ?? version.files[0];
}
