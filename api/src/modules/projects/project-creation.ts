import { ALL_PROJECT_PERMISSIONS, ORGANIZATION_PERMISSIONS, hasPermission } from '@cairn/shared/constants/permissions';
import type { CreateProjectData, Project } from '@cairn/shared/schemas/projects';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { processGalleryImage, processIcon } from '../../lib/images.js';
import { MAX_GALLERY_IMAGE_BYTES, MAX_ICON_BYTES, type CatalogueUpload, type PartKind } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { listOrganizationAccess } from '../access/organization.policy.js';
import { hasNoOwnershipLimits } from '../access/staff.policy.js';
import { insertVersionUpload, prepareVersionUpload, type PreparedVersionUpload } from '../versions/version-creation.js';
import type { ProjectContext } from './project-context.js';
import { checkCategories, checkDonationUrls, checkSlugAvailable, normalizeLicense } from './project-rules.js';
import * as repo from './projects.repository.js';
import { createThread } from '../threads/threads.port.js';
import { queueVersionScan } from '../malware-scan/file-scans.port.js';

/** Projects one user may own (admins are not limited). */
const PROJECT_LIMIT = 256;

/** Creating a project from a multipart upload: data, icon, gallery and initial versions. */
export function createProjectCreation(context: ProjectContext) {
  const { db, files, projectById, discardBlobs, applyLinks, setDonationLinks, modpackDownloads } = context;

  return {
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
        if (!hasNoOwnershipLimits(actor) && (await repo.countProjectsOwnedBy(db, actor.userId)) >= PROJECT_LIMIT) {
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
        for (const version of data.initial_versions) prepared.push(await prepareVersionUpload({ files, modpackDownloads }, version, upload.files));
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
          await createThread(tx, { type: 'project', projectId: id });
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
            const versionId = await insertVersionUpload(tx, {
              project: { id, clientSide: data.client_side, serverSide: data.server_side },
              authorId: actor.userId,
              prepared: version,
            });
            await queueVersionScan(tx, context.jobs, versionId);
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
  };
}
