import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { sidesToEnvironment } from '@cairn/shared/constants/environments';
import { versionProjectTypes } from '@cairn/shared/constants/loaders';
import type { SideType } from '@cairn/shared/constants/side-types';
import type { DependencyInput, FileType, InitialVersionData } from '@cairn/shared/schemas/versions';
import type { Executor } from '../../db/client.js';
import { projects, versionDependencies, versionFiles, versions } from '../../db/schema/catalogue.js';
import { gameVersions, loaders } from '../../db/schema/tags.js';
import { badRequest } from '../../lib/errors.js';
import { decodeBase62, randomId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { UploadedFile } from '../catalogue/multipart.js';
import { recordSearchChange } from '../catalogue/search-outbox.js';
import { isModpackFilename, modpackLoaders, readModpackIndex, type ModpackIndex } from './modpack.js';

/**
 * Creating a version from an upload, shared by POST /project (initial versions) and
 * POST /version. Two steps: `prepareVersionUpload` checks the files and reads modpack
 * indexes (file I/O, outside any transaction); `insertVersionUpload` checks everything
 * against the database and writes the version, its files and dependencies inside the
 * caller's transaction, recording the search change.
 */

/** File extensions a version may carry. */
export const VERSION_FILE_EXTENSIONS = ['jar', 'zip', 'litemod', 'mrpack', 'asc', 'gpg', 'sig'] as const;
const SIGNATURE_EXTENSIONS = new Set(['asc', 'gpg', 'sig']);

const extensionOf = (filename: string) => filename.split('.').pop()!.toLowerCase();

/** A single safe path segment: no separators, no leading dot, no control characters. */
function isSafeFilename(filename: string): boolean {
  // eslint-disable-next-line no-control-regex
  return filename.length >= 1 && filename.length <= 255 && !/[/\\\u0000-\u001f\u007f]/.test(filename) && !filename.startsWith('.');
}

export interface PreparedVersionUpload {
  data: InitialVersionData;
  files: UploadedFile[];
  /** Whether this version is a modpack (it carries a `.mrpack` file). */
  modpack: boolean;
  modpackIndex: ModpackIndex | undefined;
}

/**
 * Matches a version's declared `file_parts` with the uploaded files and checks names,
 * extensions and duplicates; reads the index of a modpack file.
 */
export async function prepareVersionUpload(files: FileStore, data: InitialVersionData, uploads: readonly UploadedFile[]): Promise<PreparedVersionUpload> {
  const own: UploadedFile[] = [];
  for (const part of data.file_parts) {
    const upload = uploads.find((u) => u.field === part);
    if (!upload) throw badRequest(`The file part '${part}' is named in "data" but was not uploaded`);
    own.push(upload);
  }
  const names = new Set<string>();
  for (const file of own) {
    if (!isSafeFilename(file.filename)) throw badRequest(`'${file.filename}' is not an acceptable file name`);
    const extension = extensionOf(file.filename);
    if (!(VERSION_FILE_EXTENSIONS as readonly string[]).includes(extension)) {
      throw badRequest(`'${file.filename}' has an unsupported extension; allowed: ${VERSION_FILE_EXTENSIONS.join(', ')}`);
    }
    if (names.has(file.filename.toLowerCase())) throw badRequest(`The file name '${file.filename}' is used twice in this version`);
    names.add(file.filename.toLowerCase());
  }
  if (data.primary_file !== undefined && !data.file_parts.includes(data.primary_file)) {
    throw badRequest(`Invalid data 'primary_file': '${data.primary_file}' is not one of the file parts`);
  }
  for (const part of Object.keys(data.file_types ?? {})) {
    if (!data.file_parts.includes(part)) throw badRequest(`Invalid data 'file_types': '${part}' is not one of the file parts`);
  }
  const modpackFile = own.find((f) => isModpackFilename(f.filename)) ?? own.find((f) => /\.mrpack(-primary)?$/i.test(f.field));
  const modpackIndex = modpackFile ? await readModpackIndex(files, modpackFile.blob, modpackFile.filename) : undefined;
  return { data, files: own, modpack: modpackFile !== undefined, modpackIndex };
}

function primaryField(prepared: PreparedVersionUpload): string {
  const { data, files } = prepared;
  if (data.primary_file !== undefined) return data.primary_file;
  const modpack = files.find((f) => isModpackFilename(f.filename));
  if (modpack) return modpack.field;
  const candidate = files.find((f) => !SIGNATURE_EXTENSIONS.has(extensionOf(f.filename)) && !data.file_types?.[f.field]);
  return (candidate ?? files[0]!).field;
}

async function checkReferenceData(tx: Executor, data: InitialVersionData): Promise<void> {
  const loaderNames = [...new Set(data.loaders)];
  const knownLoaders = await tx.select({ name: loaders.name }).from(loaders).where(inArray(loaders.name, loaderNames));
  const unknownLoader = loaderNames.find((l) => !knownLoaders.some((k) => k.name === l));
  if (unknownLoader) throw badRequest(`Invalid data 'loaders': '${unknownLoader}' is not a known loader`);
  const gameVersionNames = [...new Set(data.game_versions)];
  const known = await tx.select({ version: gameVersions.version }).from(gameVersions).where(inArray(gameVersions.version, gameVersionNames));
  const unknown = gameVersionNames.find((g) => !known.some((k) => k.version === g));
  if (unknown) throw badRequest(`Invalid data 'game_versions': '${unknown}' is not a known game version`);
}

interface ResolvedDependency {
  dependencyVersionId: number | null;
  dependencyProjectId: number | null;
  fileName: string | null;
  dependencyType: string;
}

const toId = (text: string | null | undefined): number | null => {
  if (!text) return null;
  const value = decodeBase62(text);
  return value === undefined ? -1 : Number(value);
};

/** Checks that dependencies point at existing versions/projects and are not repeated. */
export async function resolveDependencies(tx: Executor, inputs: readonly DependencyInput[], selfProjectId: number): Promise<ResolvedDependency[]> {
  const resolved: ResolvedDependency[] = [];
  const keys = new Set<string>();
  for (const input of inputs) {
    const versionId = toId(input.version_id);
    let projectId = toId(input.project_id);
    if (versionId !== null) {
      const rows = await tx.select({ projectId: versions.projectId }).from(versions).where(eq(versions.id, versionId));
      if (!rows[0]) throw badRequest(`Invalid data 'dependencies': version '${input.version_id}' does not exist`);
      if (projectId !== null && projectId !== rows[0].projectId) {
        throw badRequest(`Invalid data 'dependencies': version '${input.version_id}' does not belong to project '${input.project_id}'`);
      }
      projectId = rows[0].projectId;
    } else if (projectId !== null) {
      const rows = await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
      if (!rows[0]) throw badRequest(`Invalid data 'dependencies': project '${input.project_id}' does not exist`);
    }
    if (projectId === selfProjectId && input.dependency_type !== 'incompatible') {
      throw badRequest("Invalid data 'dependencies': a version cannot depend on its own project");
    }
    const key = `${versionId}/${projectId}/${input.file_name ?? ''}`;
    if (keys.has(key)) throw badRequest("Invalid data 'dependencies': the same dependency is listed twice");
    keys.add(key);
    resolved.push({ dependencyVersionId: versionId, dependencyProjectId: projectId, fileName: input.file_name ?? null, dependencyType: input.dependency_type });
  }
  return resolved;
}

/** A modpack's bundled files as `embedded` dependencies: platform files by hash, others by name. */
async function embeddedDependencies(tx: Executor, index: ModpackIndex, selfProjectId: number): Promise<ResolvedDependency[]> {
  const sha1s = index.files.map((f) => f.hashes.sha1?.toLowerCase()).filter((h): h is string => typeof h === 'string');
  const known = sha1s.length
    ? await tx
        .select({ sha1: versionFiles.sha1, versionId: versionFiles.versionId, projectId: versions.projectId })
        .from(versionFiles)
        .innerJoin(versions, eq(versions.id, versionFiles.versionId))
        .where(inArray(versionFiles.sha1, sha1s))
    : [];
  const out: ResolvedDependency[] = [];
  const seen = new Set<string>();
  for (const file of index.files) {
    const match = known.find((k) => k.sha1 === file.hashes.sha1?.toLowerCase() && k.projectId !== selfProjectId);
    const dependency = match
      ? { dependencyVersionId: match.versionId, dependencyProjectId: match.projectId, fileName: null, dependencyType: 'embedded' }
      : { dependencyVersionId: null, dependencyProjectId: null, fileName: file.path.split('/').pop()!, dependencyType: 'embedded' };
    const key = `${dependency.dependencyVersionId}/${dependency.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(dependency);
  }
  return out;
}

export interface InsertVersionInput {
  project: { id: number; clientSide: string; serverSide: string };
  authorId: number;
  prepared: PreparedVersionUpload;
}

/** Writes the version (inside the caller's transaction) and returns its id. */
export async function insertVersionUpload(tx: Executor, input: InsertVersionInput): Promise<number> {
  const { project, authorId, prepared } = input;
  const { data } = prepared;
  await checkReferenceData(tx, data);

  const sameNumber = await tx
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.projectId, project.id), eq(versions.versionNumber, data.version_number)))
    .limit(1);
  if (sameNumber.length > 0) throw badRequest(`Invalid data 'version_number': the project already has a version '${data.version_number}'`);

  // The same bytes may appear again only within the same project (e.g. a re-upload).
  const sha1s = prepared.files.map((f) => f.blob.sha1);
  const elsewhere = await tx
    .select({ sha1: versionFiles.sha1 })
    .from(versionFiles)
    .innerJoin(versions, eq(versions.id, versionFiles.versionId))
    .where(and(inArray(versionFiles.sha1, sha1s), ne(versions.projectId, project.id)))
    .limit(1);
  if (elsewhere.length > 0) {
    const file = prepared.files.find((f) => f.blob.sha1 === elsewhere[0]!.sha1)!;
    throw badRequest(`Duplicate files are not allowed: '${file.filename}' is already part of another project`);
  }

  const dependencies =
    data.dependencies.length === 0 && prepared.modpackIndex
      ? await embeddedDependencies(tx, prepared.modpackIndex, project.id)
      : await resolveDependencies(tx, data.dependencies, project.id);

  const versionLoaders = data.loaders.length > 0 ? [...new Set(data.loaders)] : prepared.modpackIndex ? modpackLoaders(prepared.modpackIndex) : [];
  const environment =
    data.environment ?? sidesToEnvironment({ client: project.clientSide as SideType, server: project.serverSide as SideType });
  const versionId = Number(randomId());
  await tx.insert(versions).values({
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
    loaders: versionLoaders,
    gameVersions: [...new Set(data.game_versions)],
    environment,
    projectTypes: versionProjectTypes(versionLoaders, prepared.modpack),
  });

  const primary = primaryField(prepared);
  await tx.insert(versionFiles).values(
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
  if (dependencies.length > 0) await tx.insert(versionDependencies).values(dependencies.map((d) => ({ versionId, ...d })));
  await tx.update(projects).set({ updated: sql`now()` }).where(eq(projects.id, project.id));
  await recordSearchChange(tx, [project.id]);
  return versionId;
}
