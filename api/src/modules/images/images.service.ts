import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { hasScopes, scopeBits, type ScopeName } from '@cairn/shared/constants/scopes';
import type { ImageContext, UploadImageQuery, UploadedImage } from '@cairn/shared/schemas/images';
import type { Database, Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { parseId, randomId } from '../../lib/ids.js';
import { inspectImage } from '../../lib/images.js';
import { deleteUnreferencedBlobs } from '../../lib/storage/blob-references.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { findProjectAccess, requireProjectPermission } from '../access/project.policy.js';
import { findVisibleVersionAccess } from '../access/version.policy.js';
import { toUploadedImage } from './images.mapper.js';
import * as repo from './images.repository.js';

/** Largest image accepted for markdown text. */
export const MAX_TEXT_IMAGE_BYTES = 1024 * 1024;
/** An image no saved text took up within this long is removed. */
export const UNATTACHED_IMAGE_AGE_MS = 24 * 60 * 60 * 1000;

const SCOPE_OF_CONTEXT: Record<ImageContext, ScopeName> = {
  project: 'PROJECT_WRITE',
  version: 'VERSION_WRITE',
  thread_message: 'THREAD_WRITE',
  report: 'REPORT_WRITE',
};
const ID_FIELD_OF_CONTEXT = {
  project: 'project_id',
  version: 'version_id',
  thread_message: 'thread_message_id',
  report: 'report_id',
} as const satisfies Record<ImageContext, keyof UploadImageQuery>;

type ItemColumns = Pick<repo.NewUploadedImage, 'projectId' | 'versionId' | 'threadMessageId' | 'reportId'>;

export interface ImagesServiceDeps {
  db: Database;
  files: FileStore;
  cdnUrl: string;
}

export function createImagesService(deps: ImagesServiceDeps) {
  const { db, files, cdnUrl } = deps;

  const unknownItem = (field: string, text: string) => badRequest(`Invalid query parameter '${field}': unknown item '${text}'`);

  /** The item the image is for, if the caller may write its text (an item it may not see is unknown). */
  async function authorizeItem(actor: Actor, context: ImageContext, field: string, text: string): Promise<ItemColumns> {
    switch (context) {
      case 'project': {
        const access = await findProjectAccess(db, actor, text);
        if (!access?.visible || parseId(text) !== access.project.id) throw unknownItem(field, text);
        requireProjectPermission(access, PROJECT_PERMISSIONS.EDIT_BODY, "add images to this project's description");
        return { projectId: access.project.id };
      }
      case 'version': {
        const found = await findVisibleVersionAccess(db, actor, parseId(text));
        if (!found) throw unknownItem(field, text);
        requireProjectPermission(found.access, PROJECT_PERMISSIONS.UPLOAD_VERSION, "add images to this version's changelog");
        return { versionId: found.versionId };
      }
      case 'thread_message':
      case 'report':
        // Threads and reports are not part of Cairn yet: no such item can exist.
        throw unknownItem(field, text);
    }
  }

  return {
    /** POST /image: stores an image for the text of an item the caller may edit. */
    async uploadImage(actor: Actor, query: UploadImageQuery, data: Buffer): Promise<UploadedImage> {
      const scope = SCOPE_OF_CONTEXT[query.context];
      if (!hasScopes(actor.scopes, scopeBits(scope))) throw unauthorized(`The token is missing the required scope: ${scope}.`);
      const field = ID_FIELD_OF_CONTEXT[query.context];
      const itemText = query[field];
      if (itemText === undefined) throw badRequest(`Invalid query parameter '${field}': required for context '${query.context}'`);
      const item = await authorizeItem(actor, query.context, field, itemText);
      if (data.length > MAX_TEXT_IMAGE_BYTES) throw badRequest(`The image is larger than the limit of ${MAX_TEXT_IMAGE_BYTES} bytes`, 'invalid_image');
      const { extension } = await inspectImage(data, 'image');
      const blob = await files.put(data, { maxBytes: MAX_TEXT_IMAGE_BYTES, extension });
      try {
        const row = await repo.insertImage(db, {
          id: Number(randomId()),
          blobKey: blob.key,
          size: blob.size,
          ownerId: actor.userId,
          context: query.context,
          ...item,
        });
        return toUploadedImage(row, cdnUrl);
      } catch (error) {
        if (blob.created) await deleteUnreferencedBlobs(db, files, [blob.key]);
        throw error;
      }
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;

/**
 * Called with the transaction saving a project description or version changelog: images of
 * the item the new text shows become attached; the others are dropped. Answers the dropped
 * blobs' keys, for `discardDroppedImages` once the transaction committed.
 */
export async function syncImagesOfText(
  tx: Executor,
  item: { context: 'project'; projectId: number } | { context: 'version'; versionId: number },
  text: string,
): Promise<string[]> {
  const images = await repo.listImagesOfItem(tx, item);
  const shown = images.filter((image) => text.includes(image.blobKey));
  const dropped = images.filter((image) => !text.includes(image.blobKey));
  await repo.markAttached(tx, shown.filter((image) => !image.attached).map((image) => image.id));
  await repo.deleteImages(tx, dropped.map((image) => image.id));
  return dropped.map((image) => image.blobKey);
}

/** Deletes the bytes of dropped images no other row uses. */
export function discardDroppedImages(db: Executor, files: FileStore, keys: readonly string[]): Promise<void> {
  return deleteUnreferencedBlobs(db, files, keys);
}

/** Housekeeping: images no saved text took up within a day, and images whose item was deleted. */
export async function sweepUnattachedImages(db: Executor, files: FileStore, now = new Date()): Promise<number> {
  const keys = await repo.deleteStaleImages(db, new Date(now.getTime() - UNATTACHED_IMAGE_AGE_MS));
  await deleteUnreferencedBlobs(db, files, keys);
  return keys.length;
}
