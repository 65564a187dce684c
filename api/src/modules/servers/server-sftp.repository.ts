import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { serverSftpLogins } from '../../db/schema/server-sftp.js';

export type SftpLoginRow = typeof serverSftpLogins.$inferSelect;

const columns = {
  serverId: serverSftpLogins.serverId,
  userId: serverSftpLogins.userId,
  username: serverSftpLogins.username,
  passwordHash: serverSftpLogins.passwordHash,
  publicKeys: serverSftpLogins.publicKeys,
  created: serverSftpLogins.created,
  updated: serverSftpLogins.updated,
};

export const findSftpLogin = async (db: Executor, serverId: string, userId: number): Promise<SftpLoginRow | undefined> =>
  (await db.select(columns).from(serverSftpLogins).where(and(eq(serverSftpLogins.serverId, serverId), eq(serverSftpLogins.userId, userId))))[0];

/** Every login to a server (to push them to a new node). */
export const listSftpLogins = (db: Executor, serverId: string): Promise<SftpLoginRow[]> =>
  db.select(columns).from(serverSftpLogins).where(eq(serverSftpLogins.serverId, serverId));

/** Creates the login or changes its secrets; the name stays what it was when the login was made. */
export async function upsertSftpLogin(db: Executor, row: { serverId: string; userId: number; username: string; passwordHash?: string | null; publicKeys?: string[] }): Promise<SftpLoginRow> {
  const set: Partial<typeof serverSftpLogins.$inferInsert> = { updated: new Date() };
  if (row.passwordHash !== undefined) set.passwordHash = row.passwordHash;
  if (row.publicKeys !== undefined) set.publicKeys = row.publicKeys;
  const [saved] = await db
    .insert(serverSftpLogins)
    .values({ serverId: row.serverId, userId: row.userId, username: row.username, passwordHash: row.passwordHash ?? null, publicKeys: row.publicKeys ?? [] })
    .onConflictDoUpdate({ target: [serverSftpLogins.serverId, serverSftpLogins.userId], set })
    .returning(columns);
  return saved!;
}

/** Removes a login; true when there was one. */
export async function deleteSftpLogin(db: Executor, serverId: string, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(serverSftpLogins)
    .where(and(eq(serverSftpLogins.serverId, serverId), eq(serverSftpLogins.userId, userId)))
    .returning({ userId: serverSftpLogins.userId });
  return deleted.length > 0;
}
