import { eq } from 'drizzle-orm';
import { versionProjectTypes } from '@cairn/shared/constants/loaders';
import type { InitialVersionData } from '@cairn/shared/schemas/versions';
import type { Executor } from '../../db/client.js';
import { projects } from '../../db/schema/catalogue.js';
import { badRequest } from '../../lib/errors.js';
import { randomId } from '../../lib/ids.js';
import { recordSearchChange } from '../catalogue/search-outbox.js';
import { checkTags, environmentForNewVersion, resolveDependencies, type ResolvedDependency } from './version-rules.js';
import { isSignatureFile, type UploadedFile } from './version-uploads.js';
import * as repo from './versions.repository.js';

export interface NewVersionInput {
  projectId: number;
  authorId: number;
  /** Validated `data` (POST /version) or one of a new project's `initial_versions`. */
  data: InitialVersionData;
  /** Files received in the request; the version takes those named in `data.file_parts`. */
  uploads: readonly UploadedFile[];
  /** How error messages name the data ("data", "initial_versions[0]"). */
  field?: string;
}

/**
 * Creates a version with its files and dependencies inside the caller's transaction
 * (POST /version and project creation both use it). Permission checks are the caller's; every
 * rule on the data and the files is checked here, before anything is written, and a
 * violation is a 400 naming the field. Returns the new version's id.
 */
export async function createVersion(tx: Executor, input: NewVersionInput): Promise<number> {
  const { data } = input;
  const field = input.field ?? 'data';
  const invalid = (name: string, message: string) => badRequest(`Invalid ${field} '${name}': ${message}`);

  const [project] = await tx
    .select({ id: projects.id, clientSide: projects.clientSide, serverSide: projects.serverSide })
    .from(projects)
    .where(eq(projects.id, input.projectId))
    .limit(1);
  if (!project) throw invalid('project_id', 'no such project');

  // Files: every listed part uploaded, distinct names, no bytes belonging to another project.
  if (new Set(data.file_parts).size !== data.file_parts.length) throw invalid('file_parts', 'a part is listed twice');
  const uploads = data.file_parts.map((part) => {
    const upload = input.uploads.find((u) => u.part === part);
    if (!upload) throw invalid('file_parts', `part '${part}' was not uploaded`);
    return upload;
  });
  const names = new Set<string>();
  for (const upload of uploads) {
    if (names.has(upload.filename.toLowerCase())) throw badRequest(`Duplicate file name '${upload.filename}': every file of a version needs its own name`);
    names.add(upload.filename.toLowerCase());
  }
  if (data.primary_file !== undefined && !data.file_parts.includes(data.primary_file)) {
    throw invalid('primary_file', `'${data.primary_file}' is not one of file_parts`);
  }
  for (const part of Object.keys(data.file_types ?? {})) {
    if (!data.file_parts.includes(part)) throw invalid('file_types', `'${part}' is not one of file_parts`);
  }
  const taken = await repo.listSha1sOfOtherProjects(tx, uploads.map((u) => u.blob.sha1), project.id);
  if (taken.length) {
    const file = uploads.find((u) => taken.includes(u.blob.sha1))!;
    throw badRequest(`Duplicate file: '${file.filename}' already belongs to another project`);
  }

  // A modpack file makes a modpack version: its index completes the loaders and game versions.
  const pack = uploads.find((u) => u.modpack)?.modpack;
  const loaders = [...new Set([...data.loaders.filter((l) => !(pack && l === 'mrpack')), ...(pack?.loaders ?? [])])];
  const gameVersions = [...new Set([...data.game_versions, ...(pack?.gameVersions ?? [])])];
  if (loaders.length === 0) throw invalid('loaders', 'a modpack must name the loaders it runs on');
  await checkTags(tx, field, { loaders, gameVersions });

  const versionId = Number(randomId());
  let dependencies: ResolvedDependency[] = await resolveDependencies(tx, field, { projectId: project.id, versionId }, data.dependencies);
  if (pack && dependencies.length === 0) dependencies = await embeddedDependencies(tx, pack, project.id);

  const primaryPart = data.primary_file ?? (uploads.find((u) => !isSignatureFile(u.filename)) ?? uploads[0]!).part;

  await repo.insertVersion(tx, {
    id: versionId,
    projectId: project.id,
    authorId: input.authorId,
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
    projectTypes: versionProjectTypes(loaders, Boolean(pack)),
  });
  await repo.insertFiles(
    tx,
    uploads.map((u) => ({
      id: Number(randomId()),
      versionId,
      blobKey: u.blob.key,
      filename: u.filename,
      size: u.blob.size,
      sha1: u.blob.sha1,
      sha512: u.blob.sha512,
      primary: u.part === primaryPart,
      fileType: data.file_types?.[u.part] ?? null,
    })),
  );
  await repo.insertDependencies(tx, dependencies.map((d) => ({ ...d, versionId })));
  await repo.touchProject(tx, project.id);
  await recordSearchChange(tx, [project.id]);
  return versionId;
}

/**
 * `embedded` dependencies of a modpack that declares none: each file of its index, by version
 * when the same bytes are on Cairn, otherwise by file name.
 */
async function embeddedDependencies(tx: Executor, pack: NonNullable<UploadedFile['modpack']>, ownProjectId: number): Promise<ResolvedDependency[]> {
  const known = await repo.listFilesByHashes(
    tx,
    pack.files.flatMap((f) => (f.sha1 ? [f.sha1] : [])),
    pack.files.flatMap((f) => (f.sha512 ? [f.sha512] : [])),
  );
  const seen = new Set<string>();
  const out: ResolvedDependency[] = [];
  for (const file of pack.files) {
    const match = known.find((k) => (file.sha512 && k.sha512 === file.sha512) || (file.sha1 && k.sha1 === file.sha1));
    const dependency: ResolvedDependency =
      match && match.projectId !== ownProjectId
        ? { dependencyVersionId: match.versionId, dependencyProjectId: match.projectId, fileName: null, dependencyType: 'embedded' }
        : { dependencyVersionId: null, dependencyProjectId: null, fileName: file.fileName, dependencyType: 'embedded' };
    const key = `${dependency.dependencyVersionId}|${dependency.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(dependency);
  }
  return out;
}
