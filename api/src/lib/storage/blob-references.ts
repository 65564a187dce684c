import { eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { organizations, projectGalleryImages, projects, versionFiles } from '../../db/schema/catalogue.js';
import { users } from '../../db/schema/users.js';
import { uploadedImages } from '../../db/schema/images.js';
import { collections } from '../../db/schema/collections.js';
import { imageProxyEntries } from '../../db/schema/image-proxy.js';
import type { FileStore } from './file-store.js';

/**
 * Blobs are content-addressed, so one stored file can back several rows (the same icon on two
 * projects, a jar in two versions). A blob is deleted only once no row refers to it.
 */
export async function isBlobReferenced(db: Executor, key: string): Promise<boolean> {
  const checks = [
    db.select({ one: sql`1` }).from(projects).where(or(eq(projects.iconKey, key), eq(projects.rawIconKey, key))).limit(1),
    db
      .select({ one: sql`1` })
      .from(projectGalleryImages)
      .where(or(eq(projectGalleryImages.imageKey, key), eq(projectGalleryImages.rawImageKey, key)))
      .limit(1),
    db.select({ one: sql`1` }).from(versionFiles).where(eq(versionFiles.blobKey, key)).limit(1),
    db.select({ one: sql`1` }).from(uploadedImages).where(eq(uploadedImages.blobKey, key)).limit(1),
    db.select({ one: sql`1` }).from(organizations).where(or(eq(organizations.iconKey, key), eq(organizations.rawIconKey, key))).limit(1),
    db.select({ one: sql`1` }).from(collections).where(or(eq(collections.iconKey, key), eq(collections.rawIconKey, key))).limit(1),
    // Avatars are stored as URLs ending in their key.
    db
      .select({ one: sql`1` })
      .from(users)
      .where(or(sql`${users.avatarUrl} like ${`%${key}`}`, sql`${users.rawAvatarUrl} like ${`%${key}`}`))
      .limit(1),
    // Images the proxy keeps until their entry expires (a cache: left out of listReferencedBlobKeys, so backups skip it).
    db.select({ one: sql`1` }).from(imageProxyEntries).where(eq(imageProxyEntries.blobKey, key)).limit(1),
  ];
  for (const check of checks) if ((await check).length > 0) return true;
  return false;
}

/** Deletes the blobs no row refers to any more (after the transaction that dropped them committed). */
export async function deleteUnreferencedBlobs(db: Executor, files: FileStore, keys: Iterable<string | null | undefined>): Promise<void> {
  for (const key of new Set(keys)) {
    if (key && !(await isBlobReferenced(db, key))) await files.delete(key);
  }
}

/** Every blob key the database refers to (what a backup must carry). */
export async function listReferencedBlobKeys(db: Executor): Promise<string[]> {
  const avatarKey = (column: typeof users.avatarUrl | typeof users.rawAvatarUrl) => sql<string | null>`substring(${column} from '([0-9a-f]{128}(\\.[a-z0-9]{1,8})?)$')`;
  const columns = await Promise.all([
    db.select({ key: projects.iconKey }).from(projects),
    db.select({ key: projects.rawIconKey }).from(projects),
    db.select({ key: projectGalleryImages.imageKey }).from(projectGalleryImages),
    db.select({ key: projectGalleryImages.rawImageKey }).from(projectGalleryImages),
    db.select({ key: versionFiles.blobKey }).from(versionFiles),
    db.select({ key: uploadedImages.blobKey }).from(uploadedImages),
    db.select({ key: organizations.iconKey }).from(organizations),
    db.select({ key: organizations.rawIconKey }).from(organizations),
    db.select({ key: collections.iconKey }).from(collections),
    db.select({ key: collections.rawIconKey }).from(collections),
    db.select({ key: avatarKey(users.avatarUrl) }).from(users),
    db.select({ key: avatarKey(users.rawAvatarUrl) }).from(users),
  ]);
  const keys = new Set<string>();
  for (const rows of columns) for (const { key } of rows) if (key) keys.add(key);
  return [...keys].sort();
}
