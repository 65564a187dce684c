import type { Version, VersionDependency, VersionFile } from '@cairn/shared/schemas/versions';
import { encodeBase62 } from '../../lib/ids.js';
import type { DependencyRow, FileRow, VersionRow } from './versions.repository.js';

/** DB rows → v2 wire objects. */

/** Stable public URL of a version file: `<files base>/<project>/versions/<version>/<file name>`. */
export function versionFileUrl(filesBaseUrl: string, projectId: number, versionId: number, filename: string): string {
  return `${filesBaseUrl}/${encodeBase62(projectId)}/versions/${encodeBase62(versionId)}/${encodeURIComponent(filename)}`;
}

export function toVersionFile(row: FileRow, projectId: number, filesBaseUrl: string): VersionFile {
  return {
    hashes: { sha1: row.sha1, sha512: row.sha512 },
    url: versionFileUrl(filesBaseUrl, projectId, row.versionId, row.filename),
    filename: row.filename,
    primary: row.primary,
    size: row.size,
    file_type: (row.fileType ?? null) as VersionFile['file_type'],
  };
}

export function toVersionDependency(row: DependencyRow): VersionDependency {
  return {
    version_id: row.dependencyVersionId === null ? null : encodeBase62(row.dependencyVersionId),
    project_id: row.dependencyProjectId === null ? null : encodeBase62(row.dependencyProjectId),
    file_name: row.fileName,
    dependency_type: row.dependencyType as VersionDependency['dependency_type'],
  };
}

export function toVersion(row: VersionRow, files: readonly FileRow[], dependencies: readonly DependencyRow[], filesBaseUrl: string): Version {
  return {
    id: encodeBase62(row.id),
    project_id: encodeBase62(row.projectId),
    author_id: encodeBase62(row.authorId),
    featured: row.featured,
    name: row.name,
    version_number: row.versionNumber,
    changelog: row.changelog,
    changelog_url: null,
    date_published: row.datePublished.toISOString(),
    downloads: row.downloads,
    version_type: row.versionType as Version['version_type'],
    status: row.status as Version['status'],
    requested_status: (row.requestedStatus ?? null) as Version['requested_status'],
    files: files.map((f) => toVersionFile(f, row.projectId, filesBaseUrl)),
    dependencies: dependencies.map(toVersionDependency),
    game_versions: row.gameVersions,
    loaders: row.loaders,
    environment: row.environment as Version['environment'],
  };
}
