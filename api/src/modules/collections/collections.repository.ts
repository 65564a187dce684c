import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { collectionProjects, collections } from '../../db/schema/collections.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

export interface CollectionRow {
  id: number;
  userId: number;
  name: string;
  description: string | null;
  status: string;
  iconKey: string | null;
  rawIconKey: string | null;
  color: number | null;
  created: Date;
  updated: Date;
}

const collectionColumns = {
  id: collections.id,
  userId: collections.userId,
  name: collections.name,
  description: collections.description,
  status: collections.status,
  iconKey: collections.iconKey,
  rawIconKey: collections.rawIconKey,
  color: collections.color,
  created: collections.created,
  updated: collections.updated,
};

export async function findCollection(db: Executor, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select(collectionColumns).from(collections).where(eq(collections.id, id));
  return row;
}

export function listCollections(db: Executor, ids: readonly number[]): Promise<CollectionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(collectionColumns).from(collections).where(anyBigint(collections.id, ids));
}

/** A user's collections, newest first. */
export function listCollectionsOfUser(db: Executor, userId: number): Promise<CollectionRow[]> {
  return db
    .select(collectionColumns)
    .from(collections)
    .where(eq(collections.userId, userId))
    .orderBy(sql`${collections.created} desc`, asc(collections.id));
}

export async function countCollectionsOfUser(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(collections).where(eq(collections.userId, userId));
  return row?.n ?? 0;
}

/** Project ids of each collection, oldest addition first. */
export async function listProjectIdsOf(db: Executor, collectionIds: readonly number[]): Promise<Map<number, number[]>> {
  const result = new Map<number, number[]>(collectionIds.map((id) => [id, []]));
  if (collectionIds.length === 0) return result;
  const rows = await db
    .select({ collectionId: collectionProjects.collectionId, projectId: collectionProjects.projectId })
    .from(collectionProjects)
    .where(anyBigint(collectionProjects.collectionId, collectionIds))
    .orderBy(asc(collectionProjects.added), asc(collectionProjects.projectId));
  for (const row of rows) result.get(row.collectionId)?.push(row.projectId);
  return result;
}

export interface NewCollection {
  userId: number;
  name: string;
  description: string | null;
}

export async function insertCollection(tx: Executor, collection: NewCollection): Promise<number> {
  const id = Number(randomId());
  await tx.insert(collections).values({ id, ...collection, status: 'listed' });
  return id;
}

export async function updateCollection(
  tx: Executor,
  id: number,
  changes: Partial<Pick<CollectionRow, 'name' | 'description' | 'status' | 'iconKey' | 'rawIconKey' | 'color'>>,
): Promise<void> {
  await tx
    .update(collections)
    .set({ ...changes, updated: sql`now()` })
    .where(eq(collections.id, id));
}

/** Replaces the collection's projects, keeping the time those already in it were added. */
export async function replaceCollectionProjects(tx: Executor, collectionId: number, projectIds: readonly number[]): Promise<void> {
  await tx
    .delete(collectionProjects)
    .where(and(eq(collectionProjects.collectionId, collectionId), sql`not (${anyBigint(collectionProjects.projectId, projectIds)})`));
  if (projectIds.length === 0) return;
  // One statement per project keeps the order of the list in `added`.
  for (const projectId of projectIds) {
    await tx.insert(collectionProjects).values({ collectionId, projectId, added: sql`clock_timestamp()` }).onConflictDoNothing();
  }
}

export async function deleteCollection(tx: Executor, id: number): Promise<void> {
  await tx.delete(collections).where(eq(collections.id, id));
}

/** A user by id or username (case-insensitive); an id match wins. */
export async function findUser(db: Executor, text: string, id: number | undefined): Promise<{ id: number; emailVerified: boolean; badges: number } | undefined> {
  const byName = sql`lower(${users.username}) = lower(${text})`;
  const rows = await db
    .select({ id: users.id, emailVerified: users.emailVerified, badges: users.badges })
    .from(users)
    .where(id !== undefined ? sql`${users.id} = ${id} or ${byName}` : byName);
  return rows.find((r) => r.id === id) ?? rows[0];
}
