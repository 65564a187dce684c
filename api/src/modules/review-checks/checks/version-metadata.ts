import { findLoader } from '@cairn/shared/constants/loaders';
import { defineCheck, type CheckItem } from '../review-check.js';

/** Game versions a finding lists at most (a range can select hundreds). */
const MAX_FOUND = 12;

/**
 * Declared loaders the file does not support. Plugin platforms are interchangeable enough (a
 * Paper plugin is offered for Purpur) that any plugin manifest covers them, and Quilt loads
 * Fabric mods.
 */
export function unsupportedLoaders(declared: readonly string[], found: readonly string[]): string[] {
  if (found.length === 0) return [];
  const foundSet = new Set(found);
  const pluginFound = found.some((loader) => findLoader(loader)?.group === 'plugin' || findLoader(loader)?.group === 'platform');
  return declared.filter((loader) => {
    if (foundSet.has(loader)) return false;
    if (loader === 'quilt' && foundSet.has('fabric')) return false;
    const group = findLoader(loader)?.group;
    return !(pluginFound && (group === 'plugin' || group === 'platform'));
  });
}

/**
 * A version's declared loaders and game versions agree with what its primary file says (the
 * same manifest readers as POST /v2/version/infer). A warning, not a failure: manifests are
 * sometimes wrong themselves, and a moderator judges which side is.
 */
export const versionMetadataCheck = defineCheck('version_metadata', ({ versions }) => {
  if (versions.length === 0) return { status: 'pass', reason: 'no_versions', message: 'The project has no versions yet.' };
  const mismatches: CheckItem[] = [];
  const unreadable: CheckItem[] = [];
  for (const version of versions) {
    const fix = { kind: 'version', versionId: version.id } as const;
    const { file } = version;
    if (file.state === 'no_file') continue;
    if (file.state === 'unreadable') {
      unreadable.push({ subject: version.versionNumber, versionId: version.id, fix });
      continue;
    }
    const loaders = unsupportedLoaders(version.loaders, file.loaders);
    if (loaders.length > 0) {
      mismatches.push({ subject: version.versionNumber, versionId: version.id, field: 'loaders', declared: loaders, found: file.loaders, fix });
    }
    const supported = new Set(file.gameVersions);
    const gameVersions = file.gameVersions.length === 0 ? [] : version.gameVersions.filter((v) => !supported.has(v));
    if (gameVersions.length > 0) {
      mismatches.push({
        subject: version.versionNumber,
        versionId: version.id,
        field: 'game_versions',
        declared: gameVersions,
        found: file.gameVersions.slice(-MAX_FOUND),
        fix,
      });
    }
  }
  if (mismatches.length > 0) {
    return {
      status: 'warn',
      reason: 'mismatch',
      message: `Versions whose loaders or game versions differ from what their file says: ${[...new Set(mismatches.map((m) => m.subject))].join(', ')}.`,
      items: [...mismatches, ...unreadable],
    };
  }
  if (unreadable.length > 0) {
    return {
      status: 'warn',
      reason: 'unreadable',
      message: `Files Cairn could not read to compare: ${unreadable.map((u) => u.subject).join(', ')}.`,
      items: unreadable,
    };
  }
  return { status: 'pass', reason: 'ok', message: "Every version's loaders and game versions agree with its file." };
});
