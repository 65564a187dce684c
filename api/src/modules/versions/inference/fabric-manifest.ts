import { asList, asText, entriesOf, rootObject } from './fields.js';
import type { DeclaredDependency, DeclaredDependencyType, ManifestReading } from './manifest.js';
import { anyOf, NO_REQUIREMENT, parseSemverRange, type VersionRequirement } from './version-ranges.js';

export const FABRIC_MANIFEST = 'fabric.mod.json';

/** fabric.mod.json dependency maps and what each means for a version. */
const FABRIC_DEPENDENCY_KEYS: ReadonlyArray<[string, DeclaredDependencyType]> = [
  ['depends', 'required'],
  ['recommends', 'optional'],
  ['suggests', 'optional'],
  ['breaks', 'incompatible'],
];

/** A semver requirement or a list of alternatives; unreadable ones select nothing. */
export function semverRequirement(value: unknown): VersionRequirement {
  const ranges = asList(value)
    .map((v) => (typeof v === 'string' ? parseSemverRange(v) : undefined))
    .filter((r): r is VersionRequirement => r !== undefined);
  return ranges.length ? anyOf(ranges) : NO_REQUIREMENT;
}

export function readFabricManifest(document: unknown): ManifestReading {
  const root = rootObject(FABRIC_MANIFEST, document);
  const dependencies: DeclaredDependency[] = [];
  let gameVersions = NO_REQUIREMENT;
  for (const [key, type] of FABRIC_DEPENDENCY_KEYS) {
    for (const [id, requirement] of entriesOf(root[key])) {
      if (id === 'minecraft' && type === 'required') gameVersions = semverRequirement(requirement);
      else dependencies.push({ id, type });
    }
  }
  return {
    format: FABRIC_MANIFEST,
    projectType: 'mod',
    name: asText(root.name) ?? asText(root.id),
    versionNumber: asText(root.version),
    loaders: ['fabric'],
    gameVersions,
    dependencies,
  };
}
