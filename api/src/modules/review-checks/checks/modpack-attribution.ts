import { defineCheck, type CheckItem, type SubjectVersion } from '../review-check.js';

/** The folders a pack's files are copied from onto the instance (all sides, client only, server only). */
const OVERRIDES = /^(?:client-|server-)?overrides\/(.+)$/;
/** Archives bundled in the overrides that are someone's add-on: any jar, and zips where packs live. */
const BUNDLED_ARCHIVE = /(?:\.jar|^(?:resourcepacks|shaderpacks|datapacks)\/[^/]+\.zip|\/datapacks\/[^/]+\.zip)$/i;

/**
 * The add-on files a modpack version carries that are not catalogue files: archives inside its
 * overrides folders (copied into the instance as they are, never downloaded from the catalogue),
 * and files its index lists that matched no catalogue file at upload (kept by name).
 */
export function bundledExternalFiles(version: SubjectVersion): string[] {
  const names = version.file.state === 'no_file' ? [] : version.file.names;
  const overrides = names.flatMap((name) => {
    const inside = OVERRIDES.exec(name)?.[1];
    return inside !== undefined && !name.endsWith('/') && BUNDLED_ARCHIVE.test(inside) ? [name] : [];
  });
  return [...new Set([...overrides, ...version.externalFiles])];
}

/**
 * The names a credit may use for a file: `mods/sodium-fabric-0.5.8.jar` is credited by its file
 * name, by `sodium-fabric-0.5.8` or by `sodium-fabric` (the name before the version number).
 */
export function creditNames(path: string): string[] {
  const file = path.split('/').pop()!.toLowerCase();
  const stem = file.replace(/\.[a-z0-9]+$/, '');
  const base = stem.replace(/[-_+ ]+v?\d[\w.+-]*$/, '');
  return [...new Set([file, stem, base])].filter((name) => name.length >= 3);
}

/**
 * A modpack's bundled external files carry attribution: each is named (by file name, or the
 * name before its version number) in the project description or the version's changelog,
 * where the team credits the authors and records the permission it has to redistribute them.
 */
export const modpackAttributionCheck = defineCheck('modpack_attribution', ({ project, versions }) => {
  const packs = versions.filter((version) => version.projectTypes.includes('modpack'));
  if (packs.length === 0) return { status: 'pass', reason: 'not_modpack', message: 'The project has no modpack versions.' };
  const body = project.body.toLowerCase();
  const missing = new Map<string, CheckItem>();
  let bundled = 0;
  for (const version of packs) {
    const text = `${body}\n${version.changelog.toLowerCase()}`;
    for (const path of bundledExternalFiles(version)) {
      bundled += 1;
      if (missing.has(path) || creditNames(path).some((name) => text.includes(name))) continue;
      missing.set(path, { subject: path, versionId: version.id, fix: { kind: 'settings', section: 'description', field: 'body' } });
    }
  }
  if (bundled === 0) return { status: 'pass', reason: 'none_bundled', message: 'The modpack bundles no files from outside the catalogue.' };
  if (missing.size === 0) return { status: 'pass', reason: 'ok', message: 'Every bundled file is credited.' };
  return {
    status: 'fail',
    reason: 'missing',
    message: `Bundled files from outside the catalogue without attribution: ${[...missing.keys()].slice(0, 5).join(', ')}${missing.size > 5 ? ', …' : ''}.`,
    values: { missing: missing.size },
    items: [...missing.values()],
    fix: { kind: 'settings', section: 'description', field: 'body' },
  };
});
