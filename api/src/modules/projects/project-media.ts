import { GALLERY_MAX_IMAGES } from '@cairn/shared/constants/gallery';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { processGalleryImage, processIcon } from '../../lib/images.js';
import { MAX_GALLERY_IMAGE_BYTES, MAX_ICON_BYTES } from '../../lib/multipart-upload.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { canAddGalleryImages } from '../access/project.policy.js';
import type { ProjectContext } from './project-context.js';
import { recordWebhookEvent } from '../webhooks/webhook-events.port.js';
import { blobUrl } from './projects.mapper.js';
import * as repo from './projects.repository.js';

const { EDIT_DETAILS } = PROJECT_PERMISSIONS;

/** A project's icon and gallery. */
export function createProjectMedia(context: ProjectContext) {
  const { db, files, cdnUrl, discardBlobs, withUploads, requireEditable } = context;

  return {
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
      if (!canAddGalleryImages(actor, access)) throw unauthorized("You don't have permission to edit this project's gallery");
      if (data.length > MAX_GALLERY_IMAGE_BYTES) {
        throw badRequest(`The image is larger than the limit of ${MAX_GALLERY_IMAGE_BYTES} bytes`, 'invalid_image');
      }
      const existing = await repo.listGalleryOfProject(db, access.project.id);
      if (existing.length >= GALLERY_MAX_IMAGES) throw badRequest(`A gallery holds at most ${GALLERY_MAX_IMAGES} images`, 'limit_reached');
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
        await recordWebhookEvent(tx, context.jobs, {
          type: 'gallery.image_added',
          projectId: access.project.id,
          image: { url: blobUrl(cdnUrl, raw.key), title: image.title ?? null, description: image.description ?? null, featured: image.featured },
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
  };
}
