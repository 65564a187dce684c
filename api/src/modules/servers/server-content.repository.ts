import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverContent } from '../../db/schema/server-content.js';

export type ServerContentRow = typeof serverContent.$inferSelect;

const contentColumns = {
  serverId: serverContent.serverId,
  projectId: serverContent.projectId,
  versionId: serverContent.versionId,
  fileName: serverContent.fileName,
  folder: serverContent.folder,
  enabled: serverContent.enabled,
  pinned: serverContent.pinned,
  dependencyOf: serverContent.dependencyOf,
  installed: serverContent.installed,
};

export const listServerContent = (db: Executor, serverId: string): Promise<ServerContentRow[]> =>
  db.select(contentColumns).from(serverContent).where(eq(serverContent.serverId, serverId)).orderBy(asc(serverContent.installed), asc(serverContent.fileName));

export const findServerContent = async (db: Executor, serverId: string, projectId: number): Promise<ServerContentRow | undefined> =>
  (await db.select(contentColumns).from(serverContent).where(and(eq(serverContent.serverId, serverId), eq(serverContent.projectId, projectId))))[0];

/** Inserts the project's row or replaces its version and file (an update keeps enabled and dependency_of). */
export async function upsertServerContent(db: Executor, row: typeof serverContent.$inferInsert): Promise<void> {
  await db
    .insert(serverContent)
    .values(row)
    .onConflictDoUpdate({ target: [serverContent.serverId, serverContent.projectId], set: { versionId: row.versionId, fileName: row.fileName, folder: row.folder } });
}

export async function updateServerContent(db: Executor, serverId: string, projectId: number, set: { enabled?: boolean; pinned?: boolean }): Promise<void> {
  await db.update(serverContent).set(set).where(and(eq(serverContent.serverId, serverId), eq(serverContent.projectId, projectId)));
}

export async function deleteServerContent(db: Executor, serverId: string, projectId: number): Promise<void> {
  await db.delete(serverContent).where(and(eq(serverContent.serverId, serverId), eq(serverContent.projectId, projectId)));
}
