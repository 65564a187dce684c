import type { Version } from '@cairn/shared/schemas/versions';
import type { VersionTranslation } from '@cairn/shared/schemas/translations';
import type { VersionTranslationRow } from './version-translations.repository.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import type { VersionDetails } from './version-details.repository.js';

const maybeId = (id: number | null) => (id === null ? null : encodeBase62(id));

/**
 * Download URL of a version file: `<api>/data/<project>/versions/<version>/<file name>`,
 * answered by the file download route (which counts downloads).
 */
export function versionFileUrl(publicApiUrl: string, projectId: number, versionId: number, filename: string): string {
  return `${publicApiUrl}/data/${encodeBase62(projectId)}/versions/${encodeBase62(versionId)}/${encodeURIComponent(filename)}`;
}

/** Where version files are linked, and the signer of links to files not everyone may see. */
export interface FileLinks {
  publicApiUrl: string;
  tokens: FileTokens;
}

/** A file link carrying a short-lived token (files of versions not everyone may see). */
export function signedFileUrl(url: string, tokens: FileTokens, file: { projectId: string; versionId: string; filename: string; sha1: string }): string {
  return `${url}?token=${tokens.sign(file)}`;
}

/** What signing file links needs of a wire version (v2 or v3). */
interface SignableVersion {
  id: string;
  project_id: string;
  files: ReadonlyArray<{ url: string; filename: string; hashes: { sha1: string } }>;
}

/** The version with every file link signed (for viewers allowed to see a non-public version). */
export function withSignedFileUrls<T extends SignableVersion>(version: T, tokens: FileTokens): T {
  return {
    ...version,
    files: version.files.map((f) => ({
      ...f,
      url: signedFileUrl(f.url, tokens, { projectId: version.project_id, versionId: version.id, filename: f.filename, sha1: f.hashes.sha1 }),
    })),
  };
}

/** The v2 Version object (`changelog: false` sends it empty, for long lists). */
export function toVersion(details: VersionDetails, publicApiUrl: string, options: { changelog?: boolean } = {}): Version {
  const { row } = details;
  return {
    id: encodeBase62(row.id),
    project_id: encodeBase62(row.projectId),
    author_id: encodeBase62(row.authorId),
    featured: row.featured,
    name: row.name,
    version_number: row.versionNumber,
    changelog: options.changelog === false ? '' : row.changelog,
    changelog_url: null,
    date_published: row.datePublished.toISOString(),
    downloads: row.downloads,
    version_type: row.versionType as Version['version_type'],
    status: row.status as Version['status'],
    requested_status: row.requestedStatus as Version['requested_status'],
    files: details.files.map((f) => ({
      hashes: { sha1: f.sha1, sha512: f.sha512 },
      url: versionFileUrl(publicApiUrl, row.projectId, row.id, f.filename),
      filename: f.filename,
      primary: f.primary,
      size: f.size,
      file_type: f.fileType as Version['files'][number]['file_type'],
    })),
    dependencies: details.dependencies.map((d) => ({
      version_id: maybeId(d.dependencyVersionId),
      project_id: maybeId(d.dependencyProjectId),
      file_name: d.fileName,
      dependency_type: d.dependencyType as Version['dependencies'][number]['dependency_type'],
    })),
    game_versions: row.gameVersions,
    loaders: row.loaders,
    environment: row.environment as Version['environment'],
    changelog_languages: [details.languages.original, ...details.languages.translations],
  };
}

export function toVersionTranslation(row: VersionTranslationRow): VersionTranslation {
  return { language: row.language, changelog: row.changelog, updated: row.updated.toISOString() };
}
