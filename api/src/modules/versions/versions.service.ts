import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { versionProjectTypes } from '@cairn/shared/constants/loaders';
import type { AddFilesData, CreateVersionData, ModifyVersionBody, ProjectVersionsQuery, Version } from '@cairn/shared/schemas/versions';
import type { VersionV3 } from '@cairn/shared/schemas/catalogue-v3';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import { findProjectAccess, requireProjectPermission, requireVisibleProject, type ProjectAccess } from '../access/project.policy.js';
import { canChangeDownloadCounts, visibleVersionsCondition } from '../access/version.policy.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import type { CatalogueUpload } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { discardDroppedImages, syncImagesOfText } from '../images/images.service.js';
import { insertVersionUpload, isModpackFile, prepareVersionUpload } from './version-creation.js';
import { readModpackIndex } from './modpack.js';
import type { ModpackDownloadPolicy } from './modpack-rules.js';
import { filterVisible, loadWireVersions, requireVisibleVersion, toWireVersions, toWireVersionsV3 } from './version-details.js';
import { checkTags, resolveDependencies } from './version-rules.js';
import { fileContentProblem, fileNameProblem } from './version-uploads.js';
import { listFilesOfVersions, listVersionRows } from './version-details.repository.js';
import * as repo from './versions.repository.js';
import { createVersionSchedules } from './version-schedules.js';
import { createVersionTranslations, localizeChangelogs, versionImageText, type LocalizedVersions } from './version-translations.js';
import type { LanguageWish } from '../../lib/content-language.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { isHiddenProjectStatus } from '@cairn/shared/constants/project-status';
import { announceVersion, becomesPublic } from '../notifications/notifications.port.js';
import { recordWebhookEvent } from '../webhooks/webhook-events.port.js';
import { isVersionQuarantined, queueVersionScan } from '../malware-scan/file-scans.port.js';

export interface VersionsServiceDeps {
  db: Database;
  files: FileStore;
  /** Base URL of the API (version file links). */
  publicApiUrl: string;
  /** Signs links to files of versions not everyone may see. */
  fileTokens: FileTokens;
  /** Where the files listed in uploaded modpacks may be downloaded from. */
  modpackDownloads: ModpackDownloadPolicy;
  /** Where the followers' notifications of a new public version are enqueued. */
  jobs?: JobQueue;
}

export function createVersionsService(deps: VersionsServiceDeps) {
  const { db, files } = deps;
  const links = { publicApiUrl: deps.publicApiUrl, tokens: deps.fileTokens };

  const one = async (id: number) => (await loadWireVersions(db, [id], links))[0]!;
  /** Removes blobs a failed request stored, unless other rows use the same bytes. */
  const discard = (keys: readonly string[]) => deleteUnreferencedBlobs(db, files, keys);

  /** The project a version upload names, if the caller may upload to it. */
  async function uploadTarget(actor: Actor, projectText: string): Promise<ProjectAccess> {
    const access = await findProjectAccess(db, actor, projectText);
    if (!access?.visible) throw badRequest(`Invalid data 'project_id': no project '${projectText}'`);
    requireProjectPermission(access, PROJECT_PERMISSIONS.UPLOAD_VERSION, 'upload versions to this project');
    return access;
  }

  return {
    ...createVersionSchedules({ db }),
    ...createVersionTranslations({ db, files }),

    async getVersion(actor: Actor | null, idText: string, wish: LanguageWish): Promise<LocalizedVersions> {
      const { row } = await requireVisibleVersion(db, actor, parseId(idText));
      return localizeChangelogs(db, [await one(row.id)], wish);
    },

    /** GET /v3/version/{id}: the same visibility as the v2 read, in the reference's v3 shape. */
    async getVersionV3(actor: Actor | null, idText: string): Promise<VersionV3> {
      const { row } = await requireVisibleVersion(db, actor, parseId(idText));
      return (await toWireVersionsV3(db, [row], links))[0]!;
    },

    /** GET /versions: the visible ones, explicitly ordered first, then oldest first. */
    async getVersions(actor: Actor | null, idTexts: readonly string[], includeChangelog: boolean): Promise<Version[]> {
      const ids = idTexts.map(parseId).filter((id): id is number => id !== undefined);
      const rows = await filterVisible(db, actor, await listVersionRows(db, [...new Set(ids)]));
      rows.sort(
        (a, b) =>
          (a.ordering ?? Number.MAX_SAFE_INTEGER) - (b.ordering ?? Number.MAX_SAFE_INTEGER) ||
          a.datePublished.getTime() - b.datePublished.getTime() ||
          a.id - b.id,
      );
      return toWireVersions(db, rows, links, { changelog: includeChangelog });
    },

    async listProjectVersions(actor: Actor | null, projectText: string, query: ProjectVersionsQuery, wish: LanguageWish): Promise<LocalizedVersions> {
      const access = await requireVisibleProject(db, actor, projectText);
      const rows = await repo.listProjectVersionRows(db, access.project.id, {
        loaders: query.loaders as string[] | undefined,
        gameVersions: query.game_versions as string[] | undefined,
        featured: query.featured,
        versionType: query.version_type,
        visible: (status) => visibleVersionsCondition(actor, access, status),
        limit: query.limit,
        offset: query.offset,
      });
      return localizeChangelogs(db, await toWireVersions(db, rows, links, { changelog: query.include_changelog }), wish);
    },

    /** GET /project/{p}/version/{id|number}: the version with that id, else the oldest with that number. */
    async getProjectVersion(actor: Actor | null, projectText: string, idOrNumber: string, wish: LanguageWish): Promise<LocalizedVersions> {
      const access = await requireVisibleProject(db, actor, projectText);
      const candidates = await filterVisible(db, actor, await repo.listProjectVersionsByIdOrNumber(db, access.project.id, parseId(idOrNumber), idOrNumber));
      if (candidates.length === 0) throw notFound('The version does not exist or you may not see it');
      return localizeChangelogs(db, [await one(candidates[0]!.id)], wish);
    },

    /** Upload checks that need only `data` (run before any file is read). */
    async authorizeUpload(actor: Actor, data: CreateVersionData): Promise<void> {
      await uploadTarget(actor, data.project_id);
    },

    /** Rules a file name must follow (checked before its bytes are stored). */
    fileNameProblem,
    discardUploads: discard,

    /** POST /version: the upload was read (data first, then the files it lists). */
    async createVersion(actor: Actor, upload: CatalogueUpload<CreateVersionData>): Promise<Version> {
      try {
        const access = await uploadTarget(actor, upload.data.project_id);
        const project = (await repo.findProjectSides(db, access.project.id))!;
        const prepared = await prepareVersionUpload({ files, modpackDownloads: deps.modpackDownloads }, upload.data, upload.files);
        const versionId = await db.transaction(async (tx) => {
          const id = await insertVersionUpload(tx, { project, authorId: actor.userId, prepared });
          await queueVersionScan(tx, deps.jobs, id);
          if (becomesPublic(null, upload.data.status ?? 'listed') && !isHiddenProjectStatus(access.project.status)) {
            await announceVersion(tx, deps.jobs, { projectId: access.project.id, versionId: id });
            await recordWebhookEvent(tx, deps.jobs, { type: 'version.published', projectId: access.project.id, versionId: id });
          }
          return id;
        });
        return await one(versionId);
      } catch (error) {
        await discard(upload.files.filter((f) => f.blob.created).map((f) => f.blob.key));
        throw error;
      }
    },

    async modifyVersion(actor: Actor, idText: string, body: ModifyVersionBody): Promise<void> {
      const { row, access } = await requireVisibleVersion(db, actor, parseId(idText));
      requireProjectPermission(access, PROJECT_PERMISSIONS.UPLOAD_VERSION, 'edit this version');
      if (body.downloads !== undefined && !canChangeDownloadCounts(actor)) throw unauthorized('Only moderators may change download counts');
      if (body.status !== undefined && (await isVersionQuarantined(db, row.id))) {
        throw conflict("Invalid body 'status': the version is held in quarantine by the malware scan; the moderators release or remove it");
      }

      let droppedImages: string[] = [];
      await db.transaction(async (tx) => {
        const changes: Partial<repo.NewVersion> = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.version_number !== undefined) changes.versionNumber = body.version_number;
        if (body.changelog !== undefined) {
          changes.changelog = body.changelog;
          droppedImages = await syncImagesOfText(tx, { context: 'version', versionId: row.id }, await versionImageText(tx, row.id, body.changelog));
        }
        if (body.version_type !== undefined) changes.versionType = body.version_type;
        if (body.featured !== undefined) changes.featured = body.featured;
        if (body.status !== undefined) changes.status = body.status;
        if (body.environment !== undefined) changes.environment = body.environment;
        if (body.ordering !== undefined) changes.ordering = body.ordering;
        if (body.loaders !== undefined || body.game_versions !== undefined) {
          await checkTags(tx, 'body', { loaders: body.loaders, gameVersions: body.game_versions });
        }
        if (body.loaders !== undefined) {
          changes.loaders = [...new Set(body.loaders)];
          changes.projectTypes = versionProjectTypes(changes.loaders, row.projectTypes.includes('modpack'));
        }
        if (body.game_versions !== undefined) changes.gameVersions = [...new Set(body.game_versions)];
        if (body.downloads !== undefined) {
          changes.downloads = body.downloads;
          await repo.addProjectDownloads(tx, row.projectId, body.downloads - row.downloads);
        }
        if (body.dependencies !== undefined) {
          const resolved = await resolveDependencies(tx, 'body', { projectId: row.projectId, versionId: row.id }, body.dependencies);
          await repo.deleteDependencies(tx, row.id);
          await repo.insertDependencies(tx, resolved.map((d) => ({ ...d, versionId: row.id })));
        }
        if (body.primary_file !== undefined || body.file_types !== undefined) {
          const versionFiles = await listFilesOfVersions(tx, [row.id]);
          const fileBy = (algorithm: string, hash: string, name: string) => {
            const lower = hash.toLowerCase();
            const file = versionFiles.find((f) => (algorithm === 'sha1' ? f.sha1 : f.sha512) === lower);
            if (!file) throw badRequest(`Invalid body '${name}': no file of this version has the ${algorithm} hash '${hash}'`);
            return file;
          };
          if (body.primary_file !== undefined) {
            const file = fileBy(body.primary_file[0], body.primary_file[1], 'primary_file');
            await repo.clearPrimaryFile(tx, row.id);
            await repo.updateFile(tx, file.id, { primary: true });
          }
          for (const entry of body.file_types ?? []) {
            await repo.updateFile(tx, fileBy(entry.algorithm, entry.hash, 'file_types').id, { fileType: entry.file_type });
          }
        }
        await repo.updateVersion(tx, row.id, changes);
        await repo.touchProject(tx, row.projectId);
        await recordSearchChange(tx, [row.projectId]);
        if (body.status !== undefined && becomesPublic(row.status, body.status) && !isHiddenProjectStatus(access.project.status)) {
          await announceVersion(tx, deps.jobs, { projectId: row.projectId, versionId: row.id });
          await recordWebhookEvent(tx, deps.jobs, { type: 'version.published', projectId: row.projectId, versionId: row.id });
        } else {
          await recordWebhookEvent(tx, deps.jobs, { type: 'version.edited', projectId: row.projectId, versionId: row.id });
        }
      });
      await discardDroppedImages(db, files, droppedImages);
    },

    async deleteVersion(actor: Actor, idText: string): Promise<void> {
      const { row, access } = await requireVisibleVersion(db, actor, parseId(idText));
      requireProjectPermission(access, PROJECT_PERMISSIONS.DELETE_VERSION, 'delete this version');
      const blobKeys = (await listFilesOfVersions(db, [row.id])).map((f) => f.blobKey);
      await db.transaction(async (tx) => {
        // Recorded first: the event carries the version as it was.
        await recordWebhookEvent(tx, deps.jobs, { type: 'version.deleted', projectId: row.projectId, versionId: row.id });
        await repo.deleteVersion(tx, row.id);
        await recordSearchChange(tx, [row.projectId]);
      });
      await deleteUnreferencedBlobs(db, files, blobKeys);
    },

    /** Upload checks for POST /version/{id}/file that need no file (run before any is read). */
    async authorizeAddFiles(actor: Actor, idText: string): Promise<void> {
      const { access } = await requireVisibleVersion(db, actor, parseId(idText));
      requireProjectPermission(access, PROJECT_PERMISSIONS.UPLOAD_VERSION, 'upload files to this version');
    },

    /** POST /version/{id}/file: an optional `data` part (`file_types`), then files (never primary). */
    async addFiles(actor: Actor, idText: string, upload: CatalogueUpload<AddFilesData>): Promise<void> {
      const created = upload.files.filter((f) => f.blob.created).map((f) => f.blob.key);
      try {
        const { row, access } = await requireVisibleVersion(db, actor, parseId(idText));
        requireProjectPermission(access, PROJECT_PERMISSIONS.UPLOAD_VERSION, 'upload files to this version');
        if (upload.files.length === 0) throw badRequest('Send at least one file');
        const fileTypes = upload.data.file_types ?? {};
        for (const file of upload.files) {
          const contentProblem = await fileContentProblem(files, file);
          if (contentProblem) throw badRequest(`File '${file.filename}' of part '${file.field}' ${contentProblem}`);
          if (isModpackFile(file)) await readModpackIndex(files, file.blob, file.filename, deps.modpackDownloads);
        }
        await db.transaction(async (tx) => {
          const existing = await listFilesOfVersions(tx, [row.id]);
          const names = new Set(existing.map((f) => f.filename.toLowerCase()));
          for (const file of upload.files) {
            const problem = fileNameProblem(file.filename);
            if (problem) throw badRequest(`File name '${file.filename}' of part '${file.field}' ${problem}`);
            if (names.has(file.filename.toLowerCase())) throw badRequest(`Duplicate file name '${file.filename}': every file of a version needs its own name`);
            names.add(file.filename.toLowerCase());
          }
          const taken = await repo.listSha1sOfOtherProjects(tx, upload.files.map((u) => u.blob.sha1), row.projectId);
          if (taken.length) {
            const file = upload.files.find((u) => taken.includes(u.blob.sha1))!;
            throw badRequest(`Duplicate files are not allowed: '${file.filename}' already belongs to another project`);
          }
          await repo.insertFiles(
            tx,
            upload.files.map((u) => ({
              id: Number(randomId()),
              versionId: row.id,
              blobKey: u.blob.key,
              filename: u.filename,
              size: u.blob.size,
              sha1: u.blob.sha1,
              sha512: u.blob.sha512,
              primary: false,
              fileType: fileTypes[u.field] ?? null,
            })),
          );
          await repo.touchProject(tx, row.projectId);
          await recordSearchChange(tx, [row.projectId]);
          await queueVersionScan(tx, deps.jobs, row.id);
        });
      } catch (error) {
        await discard(created);
        throw error;
      }
    },
  };
}

export type VersionsService = ReturnType<typeof createVersionsService>;
