import { versionProjectTypes } from '@cairn/shared/constants/loaders';
import type { FileType, InitialVersionData } from '@cairn/shared/schemas/versions';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { randomId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { UploadedFile } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { readModpackIndex, type ModpackIndex } from './modpack.js';
import type { ModpackDownloadPolicy } from './modpack-rules.js';
import { checkTags, environmentForNewVersion, resolveDependencies, type ResolvedDependency } from './version-rules.js';
import { fileContentProblem, fileExtension, fileNameProblem, isSignatureFile } from './version-uploads.js';
import * as repo from './versions.repository.js';

/**
 * Creating a version from an upload, shared by POST /project (initial versions) and
 * POST /version. Two steps: `prepareVersionUpload` matches the version's files and reads a
 * modpack's index (file I/O, outside any transaction); `insertVersionUpload` checks
 * everything against the database and writes the version, its files and dependencies inside
 * the caller's transaction, recording the search change. Every violation is a 400 naming
 * the field; the caller discards the stored blobs when anything fails.
 */

export interface PreparedVersionUpload {
  data: InitialVersionData;
  files: UploadedFile[];
  /** Whether this version is a modpack (it carries a `.mrpack` file). */
  modpack: boolean;
  modpackIndex: ModpackIndex | undefined;
  /** How messages name the version's data ("data", "initial_versions[0]"). */
  field: string;
}

/** What reading uploaded version files needs: the file store and where pack files may be downloaded from. */
export interface VersionUploadContext {
  files: FileStore;
  modpackDownloads: ModpackDownloadPolicy;
}

export const isModpackFile = (file: { filename: string }) => fileExtension(file.filename) === 'mrpack';

/**
 * Matches a version's `file_parts` with the uploaded files and checks names, extensions and
 * duplicates; reads and checks the index of a modpack file (modpack-rules.ts).
 */
export async function prepareVersionUpload(
  context: VersionUploadContext,
  data: InitialVersionData,
  uploads: readonly UploadedFile[],
  field = 'data',
): Promise<PreparedVersionUpload> {
  const { files } = context;
  const invalid = (name: string, message: string) => badRequest(`Invalid ${field} '${name}': ${message}`);
  if (new Set(data.file_parts).size !== data.file_parts.length) throw invalid('file_parts', 'a part is listed twice');
  const own = data.file_parts.map((part) => {
    const upload = uploads.find((u) => u.field === part);
    if (!upload) throw invalid('file_parts', `part '${part}' was not uploaded`);
    return upload;
  });
  const names = new Set<string>();
  for (const file of own) {
    const problem = fileNameProblem(file.filename);
    if (problem) throw badRequest(`File name '${file.filename}' of part '${file.field}' ${problem}`);
    if (names.has(file.filename.toLowerCase())) throw badRequest(`Duplicate file name '${file.filename}': every file of a version needs its own name`);
    names.add(file.filename.toLowerCase());
    const contentProblem = await fileContentProblem(files, file);
    if (contentProblem) throw badRequest(`File '${file.filename}' of part '${file.field}' ${contentProblem}`);
  }
  if (data.primary_file !== undefined && !data.file_parts.includes(data.primary_file)) {
    throw invalid('primary_file', `'${data.primary_file}' is not one of file_parts`);
  }
  for (const part of Object.keys(data.file_types ?? {})) {
    if (!data.file_parts.includes(part)) throw invalid('file_types', `'${part}' is not one of file_parts`);
  }
  // A pack is recognised by its file name, or (as older clients do) by a part named `*.mrpack`.
  const modpackFile = own.find(isModpackFile) ?? own.find((f) => /\.mrpack(-primary)?$/i.test(f.field));
  // Every pack of the version must be installable, not only the one whose index is used.
  let modpackIndex: ModpackIndex | undefined;
  for (const file of own.filter((f) => f === modpackFile || isModpackFile(f))) {
    const index = await readModpackIndex(files, file.blob, file.filename, context.modpackDownloads);
    if (file === modpackFile) modpackIndex = index;
  }
  return { data, files: own, modpack: modpackFile !== undefined, modpackIndex, field };
}

function primaryField(prepared: PreparedVersionUpload): string {
  const { data, files } = prepared;
  if (data.primary_file !== undefined) return data.primary_file;
  const modpack = files.find(isModpackFile);
  if (modpack) return modpack.field;
  const candidate = files.find((f) => !isSignatureFile(f.filename) && !data.file_types?.[f.field]);
  return (candidate ?? files[0]!).field;
}

export interface InsertVersionInput {
  project: { id: number; clientSide: string; serverSide: string };
  authorId: number;
  prepared: PreparedVersionUpload;
}

/** Writes the version (inside the caller's transaction) and returns its id. */
export async function insertVersionUpload(tx: Executor, input: InsertVersionInput): Promise<number> {
  const { project, authorId, prepared } = input;
  const { data, field } = prepared;
  const invalid = (name: string, message: string) => badRequest(`Invalid ${field} '${name}': ${message}`);

  // A modpack's index completes the loaders (`mrpack` names no loader) and game versions.
  const index = prepared.modpackIndex;
  const loaders = [...new Set([...data.loaders.filter((l) => !(prepared.modpack && l === 'mrpack')), ...(index?.loaders ?? [])])];
  const gameVersions = [...new Set([...data.game_versions, ...(index?.gameVersions ?? [])])];
  if (loaders.length === 0) throw invalid('loaders', 'a modpack must name the loaders it runs on');
  await checkTags(tx, field, { loaders, gameVersions });

  // The same bytes may appear again only within the same project (e.g. a re-upload).
  const taken = await repo.listSha1sOfOtherProjects(tx, prepared.files.map((f) => f.blob.sha1), project.id);
  if (taken.length) {
    const file = prepared.files.find((f) => taken.includes(f.blob.sha1))!;
    throw badRequest(`Duplicate files are not allowed: '${file.filename}' already belongs to another project`);
  }

  const versionId = Number(randomId());
  const dependencies =
    data.dependencies.length === 0 && index
      ? await embeddedDependencies(tx, index, project.id)
      : await resolveDependencies(tx, field, { projectId: project.id, versionId }, data.dependencies);

  await repo.insertVersion(tx, {
    id: versionId,
    projectId: project.id,
    authorId,
    name: data.name,
    versionNumber: data.version_number,
    changelog: data.changelog ?? '',
    versionType: data.version_type,
    status: data.status ?? 'listed',
    featured: data.featured,
    ordering: data.ordering ?? null,
    loaders,
    gameVersions,
    environment: await environmentForNewVersion(tx, project, data.environment),
    projectTypes: versionProjectTypes(loaders, prepared.modpack),
  });
  const primary = primaryField(prepared);
  await repo.insertFiles(
    tx,
    prepared.files.map((f) => ({
      id: Number(randomId()),
      versionId,
      blobKey: f.blob.key,
      filename: f.filename,
      size: f.blob.size,
      sha1: f.blob.sha1,
      sha512: f.blob.sha512,
      primary: f.field === primary,
      fileType: (data.file_types?.[f.field] ?? null) as FileType | null,
    })),
  );
  await repo.insertDependencies(tx, dependencies.map((d) => ({ ...d, versionId })));
  await repo.touchProject(tx, project.id);
  await recordSearchChange(tx, [project.id]);
  return versionId;
}

/**
 * `embedded` dependencies of a modpack that declares none: each file of its index, by version
 * when the same bytes are on Cairn (in another project), otherwise by file name.
 */
async function embeddedDependencies(tx: Executor, index: ModpackIndex, ownProjectId: number): Promise<ResolvedDependency[]> {
  const known = await repo.listFilesByHashes(
    tx,
    index.files.flatMap((f) => (f.sha1 ? [f.sha1] : [])),
    index.files.flatMap((f) => (f.sha512 ? [f.sha512] : [])),
  );
  const seen = new Set<string>();
  const out: ResolvedDependency[] = [];
  for (const file of index.files) {
    const match = known.find((k) => k.projectId !== ownProjectId && ((file.sha512 && k.sha512 === file.sha512) || (file.sha1 && k.sha1 === file.sha1)));
    const dependency: ResolvedDependency = match
      ? { dependencyVersionId: match.versionId, dependencyProjectId: match.projectId, fileName: null, dependencyType: 'embedded' }
      : { dependencyVersionId: null, dependencyProjectId: null, fileName: file.fileName, dependencyType: 'embedded' };
    const key = `${dependency.dependencyVersionId}|${dependency.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(dependency);
  }
  return out;
}
