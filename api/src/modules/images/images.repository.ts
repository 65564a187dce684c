import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { uploadedImages } from '../../db/schema/images.js';

export type NewUploadedImage = typeof uploadedImages.$inferInsert;

const imageColumns = {
  id: uploadedImages.id,
  blobKey: uploadedImages.blobKey,
  size: uploadedImages.size,
  ownerId: uploadedImages.ownerId,
  context: uploadedImages.context,
  projectId: uploadedImages.projectId,
  versionId: uploadedImages.versionId,
  threadMessageId: uploadedImages.threadMessageId,
  reportId: uploadedImages.reportId,
  attached: uploadedImages.attached,
  created: uploadedImages.created,
};

export async function insertImage(db: Executor, image: NewUploadedImage) {
  const [row] = await db.insert(uploadedImages).values(image).returning(imageColumns);
  return row!;
}
export type UploadedImageRow = Awaited<ReturnType<typeof insertImage>>;

/** Images uploaded for a project's description or a version's changelog. */
export function listImagesOfItem(db: Executor, item: { context: 'project'; projectId: number } | { context: 'version'; versionId: number }) {
  const itemCondition = item.context === 'project' ? eq(uploadedImages.projectId, item.projectId) : eq(uploadedImages.versionId, item.versionId);
  return db
    .select({ id: uploadedImages.id, blobKey: uploadedImages.blobKey, attached: uploadedImages.attached })
    .from(uploadedImages)
    .where(and(eq(uploadedImages.context, item.context), itemCondition));
}

export async function markAttached(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.update(uploadedImages).set({ attached: true }).where(inArray(uploadedImages.id, [...ids]));
}

export async function deleteImages(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length) await db.delete(uploadedImages).where(inArray(uploadedImages.id, [...ids]));
}

/** Images created before `before` that no saved text uses, or whose item is gone; deleted, their keys answered. */
export async function deleteStaleImages(db: Executor, before: Date): Promise<string[]> {
  const orphaned = and(isNull(uploadedImages.projectId), isNull(uploadedImages.versionId), isNull(uploadedImages.threadMessageId), isNull(uploadedImages.reportId));
  const rows = await db
    .delete(uploadedImages)
    .where(and(lt(uploadedImages.created, before), or(eq(uploadedImages.attached, false), orphaned)))
    .returning({ blobKey: uploadedImages.blobKey });
  return rows.map((r) => r.blobKey);
}
