import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverModpacks } from '../../db/schema/server-modpacks.js';

export type ServerModpackRow = typeof serverModpacks.$inferSelect;

export const findServerModpack = async (db: Executor, serverId: string): Promise<ServerModpackRow | undefined> =>
  (await db.select().from(serverModpacks).where(eq(serverModpacks.serverId, serverId)))[0];

/**
 * Queues an install or update: the project, version and files of what is installed stay recorded
 * until the job finishes (another pack's project replaces them only then).
 */
export async function queueServerModpack(db: Executor, row: { serverId: string; projectId: number; targetVersionId: number; actorId: number }): Promise<void> {
  const reset = { state: 'queued', error: null, filesDone: 0, filesTotal: 0, bytesDone: 0, bytesTotal: 0, conflicts: [], started: new Date(), finished: null };
  await db
    .insert(serverModpacks)
    .values({ ...row, ...reset })
    .onConflictDoUpdate({ target: serverModpacks.serverId, set: { targetVersionId: row.targetVersionId, actorId: row.actorId, ...reset } });
}

export async function updateServerModpack(db: Executor, serverId: string, set: Partial<typeof serverModpacks.$inferInsert>): Promise<void> {
  await db.update(serverModpacks).set(set).where(eq(serverModpacks.serverId, serverId));
}
