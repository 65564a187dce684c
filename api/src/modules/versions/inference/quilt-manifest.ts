import { semverRequirement } from './fabric-manifest.js';
import { asList, asRecord, asText, rootObject } from './fields.js';
import type { DeclaredDependency, DeclaredDependencyType, ManifestReading } from './manifest.js';
import { NO_REQUIREMENT } from './version-ranges.js';

export const QUILT_MANIFEST = 'quilt.mod.json';

/** A quilt dependency is an id, or an object with id, versions and optional. */
function dependencyOf(value: unknown): { id: string; versions: unknown; optional: boolean } | undefined {
  if (typeof value === 'string') return { id: value.split(':').pop()!, versions: '*', optional: false };
  const record = asRecord(value);
  const id = asText(record?.id);
  if (!record || !id) return undefined;
  const versions = asRecord(record.versions)?.any ?? record.versions;
  return { id: id.split(':').pop()!, versions, optional: record.optional === true };
}

export function readQuiltManifest(document: unknown): ManifestReading {
  const loader = asRecord(rootObject(QUILT_MANIFEST, document).quilt_loader) ?? {};
  const dependencies: DeclaredDependency[] = [];
  let gameVersions = NO_REQUIREMENT;
  const lists: ReadonlyArray<[unknown, DeclaredDependencyType | 'depends']> = [
    [loader.depends, 'depends'],
    [loader.breaks, 'incompatible'],
  ];
  for (const [list, kind] of lists) {
    for (const entry of asList(list)) {
      const dependency = dependencyOf(entry);
      if (!dependency) continue;
      if (dependency.id === 'minecraft' && kind === 'depends') gameVersions = semverRequirement(dependency.versions);
      else dependencies.push({ id: dependency.id, type: kind === 'depends' ? (dependency.optional ? 'optional' : 'required') : kind });
    }
  }
  return {
    format: QUILT_MANIFEST,
    projectType: 'mod',
    name: asText(asRecord(loader.metadata)?.name) ?? asText(loader.id),
    versionNumber: asText(loader.version),
    loaders: ['quilt'],
    gameVersions,
    dependencies,
  };
}
