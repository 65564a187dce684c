import type { ComparedVersion, DiffDependency, DiffFile, DiffMod, VersionBetween } from '@cairn/shared/schemas/version-diffs';
import { encodeBase62 } from '../../lib/ids.js';
import type { DiffDependencyRow, DiffFileRow, PackMod } from './version-diff.js';
import type { VersionBetweenRow } from './version-diffs.repository.js';

const maybeId = (id: number | null) => (id === null ? null : encodeBase62(id));

/** What the caller may learn about the projects and versions a diff names. */
export interface DiffNames {
  /** Visible projects: slug and title. */
  projects: Map<number, { slug: string; title: string }>;
  /** Versions the caller may see: their number. */
  versionNumbers: Map<number, string>;
}

export function toComparedVersion(row: { id: number; name: string; versionNumber: string; versionType: string; datePublished: Date }): ComparedVersion {
  return {
    id: encodeBase62(row.id),
    name: row.name,
    version_number: row.versionNumber,
    version_type: row.versionType as ComparedVersion['version_type'],
    date_published: row.datePublished.toISOString(),
  };
}

export function toVersionBetween(row: VersionBetweenRow): VersionBetween {
  return { ...toComparedVersion(row), changelog: row.changelog };
}

export function toDiffFile(row: DiffFileRow): DiffFile {
  return {
    filename: row.filename,
    hashes: { sha1: row.sha1, sha512: row.sha512 },
    size: row.size,
    primary: row.primary,
    file_type: row.fileType as DiffFile['file_type'],
  };
}

function projectFields(projectId: number | null, names: DiffNames) {
  const project = projectId === null ? undefined : names.projects.get(projectId);
  return { project_id: maybeId(projectId), project_slug: project?.slug ?? null, project_title: project?.title ?? null };
}

export function toDiffDependency(row: DiffDependencyRow, names: DiffNames): DiffDependency {
  return {
    ...projectFields(row.projectId, names),
    version_id: maybeId(row.versionId),
    version_number: row.versionId === null ? null : (names.versionNumbers.get(row.versionId) ?? null),
    file_name: row.fileName,
    dependency_type: row.dependencyType as DiffDependency['dependency_type'],
  };
}

export function toDiffMod(mod: PackMod, names: DiffNames): DiffMod {
  return {
    ...projectFields(mod.projectId, names),
    version_id: maybeId(mod.versionId),
    version_number: mod.versionId === null ? null : (names.versionNumbers.get(mod.versionId) ?? null),
    file_name: mod.fileName,
  };
}
