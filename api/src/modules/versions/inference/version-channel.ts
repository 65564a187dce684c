import type { VersionType } from '@cairn/shared/schemas/versions';

/**
 * The release channel a version number suggests: "alpha" or "snapshot" (or "-a1") → alpha;
 * "beta", "rc", "pre" (or "-b2") → beta; anything else → release.
 */
export function channelOf(versionNumber: string): VersionType {
  const text = versionNumber.toLowerCase();
  if (/alpha|snapshot|(^|[^a-z])a\d/.test(text)) return 'alpha';
  if (/beta|(^|[^a-z])(rc|pre|b\d)/.test(text)) return 'beta';
  return 'release';
}
