import { ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS, hasPermission } from '@cairn/shared/constants/permissions';
import {
  SEARCHABLE_PROJECT_STATUSES,
  isApprovedLikeProjectStatus,
  isHiddenProjectStatus,
  isSearchableProjectStatus,
} from '@cairn/shared/constants/project-status';
import { sidesToEnvironment } from '@cairn/shared/constants/environments';
import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';
import type { Database, Executor } from '../../db/client.js';
import type { ModifyProjectBody, PatchProjectsBody, Project, ProjectDependencyList, CreateProjectData } from '@cairn/shared/schemas/projects';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import { processGalleryImage, processIcon } from '../../lib/images.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import {
  findProjectAccess,
  listOrganizationAccess,
  listProjectAccess,
  listProjectAccessByIdOrSlug,
  requireProjectPermission,
  requireVisibleProject,
  type ProjectAccess,
} from '../access/access.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import { MAX_GALLERY_IMAGE_BYTES, MAX_ICON_BYTES, type CatalogueUpload, type PartKind } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { handProjectToGhost } from '../users/ghost.js';
import { loadVisibleWireVersions } from '../versions/version-details.js';
import { insertVersionUpload, prepareVersionUpload, type PreparedVersionUpload } from '../versions/version-creation.js';
import type { ProjectCache } from './project-cache.js';
import { loadProjectDetails } from './project-details.js';
import { blobUrl, toProject } from './projects.mapper.js';
import { checkCategories, checkDonationUrls, checkSlugAvailable, checkStatusChange, normalizeLicense } from './project-rules.js';
import * as repo from './projects.repository.js';

export interface ProjectsServiceDeps {
  db: Database;
  files: FileStore;
  /** Base URL of stored images. */
  cdnUrl: string;
  /** Base URL of the API (version file downloads). */
  publicApiUrl: string;
  cache: ProjectCache;
}

/** Projects one user may own (admins are not limited). */
export const PROJECT_LIMIT = 256;
const MAX_GALLERY_IMAGES = 64;
const LINK_FIELDS = { issues_url: 'issues', source_url: 'source', wiki_url: 'wiki', discord_url: 'discord' } as const;

const { EDIT_DETAILS, EDIT_BODY, DELETE_PROJECT } = PROJECT_PERMISSIONS;

export function createProjectsService(deps: ProjectsServiceDeps) {
  const { db, files, cdnUrl, cache } = deps;

  async function toProjects(executor: Executor, ids: readonly number[]): Promise<Project[]> {
    return (await loadProjectDetails(executor, ids)).map((d) => toProject(d, cdnUrl));
  }

  async function projectById(id: number): Promise<Project> {
    const [project] = await toProjects(db, [id]);
    if (!project) throw notFound();
    return project;
  }

  const discardBlobs = (keys: Iterable<string | null | undefined>) => deleteUnreferencedBlobs(db, files, keys);

  /** Runs `work` in a transaction; blobs stored for it are removed again if it fails. */
  async function withUploads<T>(keys: readonly string[], work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(work);
    } catch (error) {
      await discardBlobs(keys);
      throw error;
    }
  }

  async function requireEditable(actor: Actor, idOrSlug: string, permission: number, action: string): Promise<ProjectAccess> {
    const access = await requireVisibleProject(db, actor, idOrSlug);
    requireProjectPermission(access, permission, action);
    return access;
  }

  async function applyLinks(tx: Executor, projectId: number, fields: Partial<Record<keyof typeof LINK_FIELDS, string | null | undefined>>) {
    for (const [field, platform] of Object.entries(LINK_FIELDS) as Array<[keyof typeof LINK_FIELDS, string]>) {
      const value = fields[field];
      if (value !== undefined) await repo.setLink(tx, projectId, platform, false, value);
    }
  }

  async function setDonationLinks(tx: Executor, projectId: number, links: ReadonlyArray<{ id: string; url: string }>) {
    await repo.deleteDonationLinks(tx, projectId);
    for (const link of links) await repo.setLink(tx, projectId, link.id, true, link.url);
  }

  return {
    discardBlobs: (keys: string[]) => discardBlobs(keys),

    async getProject(actor: Actor | null, idOrSlug: string): Promise<Project> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      return projectById(access.project.id);
    },

    /**
     * The project as serialized JSON, from the cache when it is there. Publicly visible projects
     * look the same to everyone, so they are cached; hidden ones are built for each request.
     */
    async getProjectJson(actor: Actor | null, idOrSlug: string): Promise<string> {
      const cached = cache.get(idOrSlug);
      if (cached) return cached;
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const generation = cache.generation(access.project.id);
      const project = await projectById(access.project.id);
      const json = JSON.stringify(project);
      if (!isHiddenProjectStatus(access.project.status)) cache.set(access.project.id, project.slug, json, generation);
      return json;
    },

    /** Visible projects among ids/slugs; unknown and hidden ones are left out. */
    async getProjects(actor: Actor | null, texts: readonly string[]): Promise<Project[]> {
      const accesses = await listProjectAccessByIdOrSlug(db, actor, texts);
      return toProjects(
        db,
        accesses.filter((a) => a.visible).map((a) => a.project.id),
      );
    },

    async randomProjects(count: number): Promise<Project[]> {
      return toProjects(db, await repo.listRandomProjectIds(db, SEARCHABLE_PROJECT_STATUSES, count));
    },

    /** Whether an id or slug is in use (hidden projects included, so creators can pick free slugs). */
    async checkProject(idOrSlug: string): Promise<{ id: string }> {
      const access = await findProjectAccess(db, null, idOrSlug);
      if (!access) throw notFound('No project has this id or slug');
      return { id: encodeBase62(access.project.id) };
    },

    /** How each part of a POST /project upload is read (after `data`). */
    classifyCreationPart(data: CreateProjectData, field: string): PartKind | undefined {
      if (field === 'icon') return { kind: 'image', maxBytes: MAX_ICON_BYTES };
      if (data.gallery_items.some((g) => g.item === field)) return { kind: 'image', maxBytes: MAX_GALLERY_IMAGE_BYTES };
      if (data.initial_versions.some((v) => v.file_parts.includes(field))) return { kind: 'file' };
      return undefined;
    },

    async createProject(actor: Actor, upload: CatalogueUpload<CreateProjectData>): Promise<Project> {
      const { data } = upload;
      const storedKeys = upload.files.map((f) => f.blob.key);
      try {
        if (!(await repo.findUserEmailVerified(db, actor.userId))) {
          throw badRequest('Verify your email address before creating projects', 'email_unverified');
        }
        if (!isAdmin(actor) && (await repo.countProjectsOwnedBy(db, actor.userId)) >= PROJECT_LIMIT) {
          throw badRequest(`You have reached the limit of ${PROJECT_LIMIT} projects`, 'limit_reached');
        }
        const parts = data.initial_versions.flatMap((v) => v.file_parts);
        if (new Set(parts).size !== parts.length) throw badRequest("Invalid data 'initial_versions': a file part belongs to two versions");
        const submit = data.is_draft === undefined ? data.initial_versions.length > 0 : !data.is_draft;
        if (submit && data.initial_versions.length === 0) {
          throw badRequest("Invalid data 'initial_versions': a project sent for review needs at least one version");
        }
        if (data.gallery_items.filter((g) => g.featured).length > 1) {
          throw badRequest("Invalid data 'gallery_items': at most one image may be featured");
        }
        for (const item of data.gallery_items) {
          if (!upload.images.has(item.item)) throw badRequest(`The gallery part '${item.item}' is named in "data" but was not uploaded`);
        }

        // File work first (outside the transaction): version files, icon and gallery renditions.
        const prepared: PreparedVersionUpload[] = [];
        for (const version of data.initial_versions) prepared.push(await prepareVersionUpload(files, version, upload.files));
        const iconData = upload.images.get('icon');
        let icon: { key: string; rawKey: string; color: number } | undefined;
        if (iconData) {
          const processed = await processIcon(iconData, 'icon');
          const raw = await files.put(processed.original.data, { maxBytes: MAX_ICON_BYTES, extension: processed.original.extension });
          storedKeys.push(raw.key);
          const resized = await files.put(processed.resized.data, { maxBytes: MAX_ICON_BYTES, extension: processed.resized.extension });
          storedKeys.push(resized.key);
          icon = { key: resized.key, rawKey: raw.key, color: processed.color };
        }
        const gallery: Array<{ item: (typeof data.gallery_items)[number]; key: string; rawKey: string }> = [];
        for (const item of data.gallery_items) {
          const processed = await processGalleryImage(upload.images.get(item.item)!, item.item);
          const raw = await files.put(processed.original.data, { maxBytes: MAX_GALLERY_IMAGE_BYTES, extension: processed.original.extension });
          storedKeys.push(raw.key);
          const thumbnail = await files.put(processed.thumbnail.data, { maxBytes: MAX_GALLERY_IMAGE_BYTES, extension: 'webp' });
          storedKeys.push(thumbnail.key);
          if (gallery.some((g) => g.key === thumbnail.key)) throw badRequest(`The gallery image '${item.item}' is uploaded twice`);
          gallery.push({ item, key: thumbnail.key, rawKey: raw.key });
        }

        const projectId = await db.transaction(async (tx) => {
          await checkSlugAvailable(tx, data.slug);
          await checkCategories(tx, 'categories', data.categories);
          await checkCategories(tx, 'additional_categories', data.additional_categories);
          await checkDonationUrls(tx, 'donation_urls', data.donation_urls);
          const licenseId = await normalizeLicense(tx, data.license_id);

          let organizationId: number | null = null;
          if (data.organization_id) {
            const id = parseId(data.organization_id);
            const [org] = id === undefined ? [] : await listOrganizationAccess(tx, actor, [id]);
            if (!org?.visible) throw badRequest(`Invalid data 'organization_id': no organization '${data.organization_id}'`);
            if (!hasPermission(org.permissions, ORGANIZATION_PERMISSIONS.ADD_PROJECT)) {
              throw unauthorized("You don't have permission to add projects to this organization");
            }
            organizationId = org.organizationId;
          }

          const id = Number(randomId());
          const teamId = Number(randomId());
          await repo.insertTeam(tx, teamId);
          if (organizationId === null) {
            await repo.insertTeamMember(tx, {
              teamId,
              userId: actor.userId,
              role: 'Member',
              isOwner: true,
              permissions: ALL_PROJECT_PERMISSIONS,
              accepted: true,
              payoutsSplit: 100,
              ordering: 0,
            });
          }
          const now = new Date();
          await repo.insertProject(tx, {
            id,
            slug: data.slug,
            teamId,
            organizationId,
            title: data.title,
            summary: data.description,
            body: data.body,
            declaredType: data.project_type,
            status: submit ? 'processing' : 'draft',
            requestedStatus: data.requested_status ?? 'approved',
            queued: submit ? now : null,
            licenseId,
            licenseUrl: data.license_url ?? null,
            published: now,
            updated: now,
            iconKey: icon?.key ?? null,
            rawIconKey: icon?.rawKey ?? null,
            color: icon?.color ?? null,
            clientSide: data.client_side,
            serverSide: data.server_side,
          });
          await repo.insertThread(tx, { id: Number(randomId()), type: 'project', projectId: id });
          await repo.replaceCategories(tx, id, false, data.categories);
          await repo.replaceCategories(tx, id, true, data.additional_categories.filter((c) => !data.categories.includes(c)));
          await applyLinks(tx, id, data);
          await setDonationLinks(tx, id, data.donation_urls);
          for (const image of gallery) {
            await repo.insertGalleryImage(tx, {
              projectId: id,
              imageKey: image.key,
              rawImageKey: image.rawKey,
              featured: image.item.featured,
              title: image.item.title ?? null,
              description: image.item.description ?? null,
              ordering: image.item.ordering,
            });
          }
          for (const version of prepared) {
            await insertVersionUpload(tx, {
              project: { id, clientSide: data.client_side, serverSide: data.server_side },
              authorId: actor.userId,
              prepared: version,
            });
          }
          await recordSearchChange(tx, [id]);
          return id;
        });
        return await projectById(projectId);
      } catch (error) {
        await discardBlobs(storedKeys);
        throw error;
      }
    },

    async modifyProject(actor: Actor, idOrSlug: string, body: ModifyProjectBody): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      if (access.permissions === 0) throw unauthorized("You don't have permission to edit this project");
      const needs = (permission: number, field: string) => requireProjectPermission(access, permission, `edit '${field}'`);
      const detailFields: ReadonlyArray<keyof ModifyProjectBody> = [
        'slug', 'title', 'description', 'categories', 'additional_categories', 'status', 'requested_status', 'license_id',
        'license_url', 'donation_urls', 'client_side', 'server_side', 'monetization_status', ...(Object.keys(LINK_FIELDS) as Array<keyof typeof LINK_FIELDS>),
      ];
      for (const field of detailFields) if (body[field] !== undefined) needs(EDIT_DETAILS, field);
      if (body.body !== undefined) needs(EDIT_BODY, 'body');

      const projectId = access.project.id;
      await db.transaction(async (tx) => {
        const current = (await repo.findProjectRow(tx, projectId))!;
        const changes: Partial<repo.NewProject> = {};

        const moderationFields = [body.moderation_message, body.moderation_message_body];
        if (moderationFields.some((v) => v !== undefined)) {
          const clearingOnApproved = moderationFields.every((v) => v === undefined || v === null) && isApprovedLikeProjectStatus(current.status);
          if (!isModerator(actor) && !clearingOnApproved) throw unauthorized("You don't have permission to set a moderation message");
          if (body.moderation_message !== undefined) changes.moderationMessage = body.moderation_message;
          if (body.moderation_message_body !== undefined) changes.moderationMessageBody = body.moderation_message_body;
        }
        if (body.status !== undefined && body.status !== current.status) {
          checkStatusChange(actor, current.status, body.status);
          if (body.status === 'processing') {
            if ((await repo.countVersions(tx, projectId)) === 0) throw badRequest('A project needs at least one version before it can be sent for review');
            changes.moderationMessage = null;
            changes.moderationMessageBody = null;
            changes.queued = new Date();
          }
          if (isApprovedLikeProjectStatus(body.status) && current.approved === null) changes.approved = new Date();
          changes.status = body.status;
        }
        if (body.requested_status !== undefined) changes.requestedStatus = body.requested_status;
        if (body.monetization_status !== undefined && body.monetization_status !== current.monetizationStatus) {
          const forced = body.monetization_status === 'force-demonetized' || current.monetizationStatus === 'force-demonetized';
          if (forced && !isModerator(actor)) throw unauthorized("Only moderators may force a project's monetization status");
          changes.monetizationStatus = body.monetization_status;
        }
        if (body.slug !== undefined && body.slug !== current.slug) {
          await checkSlugAvailable(tx, body.slug, projectId);
          changes.slug = body.slug;
        }
        if (body.title !== undefined) changes.title = body.title;
        if (body.description !== undefined) changes.summary = body.description;
        if (body.body !== undefined) changes.body = body.body;
        if (body.license_id !== undefined) changes.licenseId = await normalizeLicense(tx, body.license_id);
        if (body.license_url !== undefined) changes.licenseUrl = body.license_url;
        if (body.client_side !== undefined || body.server_side !== undefined) {
          changes.clientSide = body.client_side ?? current.clientSide;
          changes.serverSide = body.server_side ?? current.serverSide;
          await repo.setEnvironmentOfAllVersions(
            tx,
            projectId,
            sidesToEnvironment({ client: changes.clientSide as 'required', server: changes.serverSide as 'required' }),
          );
        }
        if (body.categories !== undefined) {
          await checkCategories(tx, 'categories', body.categories);
          await repo.replaceCategories(tx, projectId, false, body.categories);
        }
        if (body.additional_categories !== undefined) {
          await checkCategories(tx, 'additional_categories', body.additional_categories);
          await repo.replaceCategories(tx, projectId, true, body.additional_categories);
        }
        await applyLinks(tx, projectId, body);
        if (body.donation_urls !== undefined) {
          await checkDonationUrls(tx, 'donation_urls', body.donation_urls);
          await setDonationLinks(tx, projectId, body.donation_urls);
        }
        changes.updated = new Date();
        await repo.updateProject(tx, projectId, changes);
        await recordSearchChange(tx, [projectId]);
      });
    },

    /** Bulk edit of categories and links; every project must be visible and editable. */
    async patchProjects(actor: Actor, texts: readonly string[], body: PatchProjectsBody): Promise<void> {
      const accesses: ProjectAccess[] = [];
      for (const text of new Set(texts)) {
        const access = await findProjectAccess(db, actor, text);
        if (!access?.visible) throw notFound(`The project '${text}' does not exist or you may not see it`);
        if (!accesses.some((a) => a.project.id === access.project.id)) accesses.push(access);
      }
      for (const access of accesses) requireProjectPermission(access, EDIT_DETAILS, `edit project '${access.project.slug}'`);
      await db.transaction(async (tx) => {
        for (const [field, names] of Object.entries({
          categories: body.categories,
          add_categories: body.add_categories,
          additional_categories: body.additional_categories,
          add_additional_categories: body.add_additional_categories,
        })) {
          if (names) await checkCategories(tx, field, names);
        }
        for (const field of ['donation_urls', 'add_donation_urls'] as const) {
          if (body[field]) await checkDonationUrls(tx, field, body[field]);
        }
        for (const { project } of accesses) {
          const [details] = await loadProjectDetails(tx, [project.id]);
          // Replace, then remove, then add (beyond three primary categories, additions are dropped).
          let primary = body.categories ?? details!.categories;
          primary = primary.filter((c) => !body.remove_categories?.includes(c));
          for (const c of body.add_categories ?? []) if (!primary.includes(c) && primary.length < 3) primary = [...primary, c];
          let additional = body.additional_categories ?? details!.additionalCategories;
          additional = additional.filter((c) => !body.remove_additional_categories?.includes(c));
          for (const c of body.add_additional_categories ?? []) if (!additional.includes(c) && additional.length < 256) additional = [...additional, c];
          await repo.replaceCategories(tx, project.id, false, primary);
          await repo.replaceCategories(tx, project.id, true, additional.filter((c) => !primary.includes(c)));

          let donations = body.donation_urls ?? details!.links.filter((l) => l.donation).map((l) => ({ id: l.platform, url: l.url }));
          donations = donations.filter((d) => !body.remove_donation_urls?.some((r) => r.id === d.id));
          for (const d of body.add_donation_urls ?? []) donations = [...donations.filter((x) => x.id !== d.id), d];
          await setDonationLinks(tx, project.id, donations);
          await applyLinks(tx, project.id, body);
          await repo.updateProject(tx, project.id, { updated: new Date() });
        }
        await recordSearchChange(tx, accesses.map((a) => a.project.id));
      });
    },

    /**
     * Deletes a project with its versions and images. Rejected and withheld projects are kept
     * for moderation history: they are handed to the Ghost user instead.
     */
    async deleteProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, DELETE_PROJECT, 'delete this project');
      const { project } = access;
      if (project.status === 'rejected' || project.status === 'withheld') {
        await db.transaction(async (tx) => {
          await handProjectToGhost(tx, project.id);
          await recordSearchChange(tx, [project.id]);
        });
        return;
      }
      const row = (await repo.findProjectRow(db, project.id))!;
      const gallery = await repo.listGalleryOfProject(db, project.id);
      const versionBlobs = await repo.listVersionBlobKeysOfProject(db, project.id);
      await db.transaction(async (tx) => {
        await repo.deleteProject(tx, project.id);
        await repo.deleteTeam(tx, project.teamId);
        await recordSearchChange(tx, [project.id]);
      });
      await discardBlobs([
        row.iconKey,
        row.rawIconKey,
        ...gallery.flatMap((g) => [g.imageKey, g.rawImageKey]),
        ...versionBlobs.map((v) => v.blob_key),
      ]);
    },

    async changeIcon(actor: Actor, idOrSlug: string, data: Buffer): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "change this project's icon");
      if (data.length > MAX_ICON_BYTES) throw badRequest(`The icon is larger than the limit of ${MAX_ICON_BYTES} bytes`, 'invalid_image');
      const processed = await processIcon(data, 'icon');
      const raw = await files.put(processed.original.data, { maxBytes: MAX_ICON_BYTES, extension: processed.original.extension });
      const resized = await files.put(processed.resized.data, { maxBytes: MAX_ICON_BYTES, extension: processed.resized.extension });
      const previous = (await repo.findProjectRow(db, access.project.id))!;
      await withUploads([raw.key, resized.key], async (tx) => {
        await repo.updateProject(tx, access.project.id, { iconKey: resized.key, rawIconKey: raw.key, color: processed.color });
        await recordSearchChange(tx, [access.project.id]);
      });
      await discardBlobs([previous.iconKey, previous.rawIconKey]);
    },

    async deleteIcon(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "remove this project's icon");
      const previous = (await repo.findProjectRow(db, access.project.id))!;
      await db.transaction(async (tx) => {
        await repo.updateProject(tx, access.project.id, { iconKey: null, rawIconKey: null, color: null });
        await recordSearchChange(tx, [access.project.id]);
      });
      await discardBlobs([previous.iconKey, previous.rawIconKey]);
    },

    async addGalleryImage(
      actor: Actor,
      idOrSlug: string,
      image: { featured: boolean; title?: string; description?: string; ordering?: number },
      data: Buffer,
    ): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "edit this project's gallery");
      if (data.length > MAX_GALLERY_IMAGE_BYTES) {
        throw badRequest(`The image is larger than the limit of ${MAX_GALLERY_IMAGE_BYTES} bytes`, 'invalid_image');
      }
      const existing = await repo.listGalleryOfProject(db, access.project.id);
      if (existing.length >= MAX_GALLERY_IMAGES) throw badRequest(`A gallery holds at most ${MAX_GALLERY_IMAGES} images`, 'limit_reached');
      const processed = await processGalleryImage(data, 'image');
      const raw = await files.put(processed.original.data, { maxBytes: MAX_GALLERY_IMAGE_BYTES, extension: processed.original.extension });
      const thumbnail = await files.put(processed.thumbnail.data, { maxBytes: MAX_GALLERY_IMAGE_BYTES, extension: 'webp' });
      if (existing.some((g) => g.imageKey === thumbnail.key)) throw badRequest('This image is already in the gallery');
      await withUploads([raw.key, thumbnail.key], async (tx) => {
        if (image.featured) await repo.unfeatureGallery(tx, access.project.id);
        await repo.insertGalleryImage(tx, {
          projectId: access.project.id,
          imageKey: thumbnail.key,
          rawImageKey: raw.key,
          featured: image.featured,
          title: image.title ?? null,
          description: image.description ?? null,
          ordering: image.ordering ?? 0,
        });
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    async modifyGalleryImage(
      actor: Actor,
      idOrSlug: string,
      url: string,
      changes: { featured?: boolean; title?: string; description?: string; ordering?: number },
    ): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "edit this project's gallery");
      const image = (await repo.listGalleryOfProject(db, access.project.id)).find(
        (g) => blobUrl(cdnUrl, g.imageKey) === url || blobUrl(cdnUrl, g.rawImageKey) === url,
      );
      if (!image) throw badRequest("Invalid query parameter 'url': the project's gallery has no such image");
      await db.transaction(async (tx) => {
        if (changes.featured) await repo.unfeatureGallery(tx, access.project.id);
        await repo.updateGalleryImage(tx, image.id, changes);
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    async deleteGalleryImage(actor: Actor, idOrSlug: string, url: string): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, EDIT_DETAILS, "edit this project's gallery");
      const image = (await repo.listGalleryOfProject(db, access.project.id)).find(
        (g) => blobUrl(cdnUrl, g.imageKey) === url || blobUrl(cdnUrl, g.rawImageKey) === url,
      );
      if (!image) throw badRequest("Invalid query parameter 'url': the project's gallery has no such image");
      await db.transaction(async (tx) => {
        await repo.deleteGalleryImage(tx, image.id);
        await recordSearchChange(tx, [access.project.id]);
      });
      await discardBlobs([image.imageKey, image.rawImageKey]);
    },

    /** Projects and versions the project's versions depend on, as far as the caller may see them. */
    async getDependencies(actor: Actor | null, idOrSlug: string): Promise<ProjectDependencyList> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      const targets = await repo.listDependencyTargets(db, access.project.id);
      const projectIds = [
        ...new Set(
          targets
            .map((t) => t.dependencyProjectId ?? t.dependencyVersionProjectId)
            .filter((id): id is number => id !== null && id !== access.project.id),
        ),
      ];
      const versionIds = [...new Set(targets.map((t) => t.dependencyVersionId).filter((id): id is number => id !== null))];
      const accesses = await listProjectAccess(db, actor, projectIds);
      const visible = new Set(accesses.filter((a) => a.visible).map((a) => a.project.id));
      return {
        projects: await toProjects(
          db,
          projectIds.filter((id) => visible.has(id)),
        ),
        versions: await loadVisibleWireVersions(db, actor, versionIds, deps.publicApiUrl),
      };
    },

    async followProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      await db.transaction(async (tx) => {
        if (!(await repo.insertFollow(tx, actor.userId, access.project.id))) throw badRequest('You are already following this project');
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    async unfollowProject(actor: Actor, idOrSlug: string): Promise<void> {
      const access = await requireVisibleProject(db, actor, idOrSlug);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteFollow(tx, actor.userId, access.project.id))) throw badRequest('You are not following this project');
        await recordSearchChange(tx, [access.project.id]);
      });
    },

    /**
     * Projects the user is an accepted team member of. Others see only the searchable ones;
     * the user and moderators see every one they may see.
     */
    async getUserProjects(actor: Actor | null, userText: string): Promise<Project[]> {
      const user = await repo.findUserByIdOrUsername(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      const accesses = await listProjectAccess(db, actor, await repo.listProjectIdsOfMember(db, user.id));
      const full = actor !== null && (actor.userId === user.id || isModerator(actor));
      return toProjects(
        db,
        accesses.filter((a) => a.visible && (full || isSearchableProjectStatus(a.project.status))).map((a) => a.project.id),
      );
    },

    /** The projects a user follows; only the user (or an admin) may ask. */
    async getFollowedProjects(actor: Actor, userText: string): Promise<Project[]> {
      const user = await repo.findUserByIdOrUsername(db, userText, parseId(userText));
      if (!user) throw notFound('No such user');
      if (user.id !== actor.userId && !isAdmin(actor)) throw unauthorized("You may not see this user's follows");
      const accesses = await listProjectAccess(db, actor, await repo.listFollowedProjectIds(db, user.id));
      return toProjects(
        db,
        accesses.filter((a) => a.visible).map((a) => a.project.id),
      );
    },
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
