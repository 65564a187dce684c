import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions } from '../../db/schema/auth.js';

const sessionColumns = {
  id: sessions.id,
  userId: sessions.userId,
  created: sessions.created,
  lastLogin: sessions.lastLogin,
  expires: sessions.expires,
  refreshExpires: sessions.refreshExpires,
  os: sessions.os,
  platform: sessions.platform,
  userAgent: sessions.userAgent,
  ip: sessions.ip,
  city: sessions.city,
  country: sessions.country,
};

export type SessionRow = {
  id: number;
  userId: number;
  created: Date;
  lastLogin: Date;
  expires: Date;
  refreshExpires: Date;
  os: string | null;
  platform: string | null;
  userAgent: string | null;
  ip: string | null;
  city: string | null;
  country: string | null;
};

export async function insertSession(db: Executor, values: Omit<SessionRow, 'created' | 'lastLogin' | 'city' | 'country'> & { tokenHash: string }): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning(sessionColumns);
  return row!;
}

/** The user's sessions that still authenticate, most recently used first. */
export function listLiveSessions(db: Executor, userId: number): Promise<SessionRow[]> {
  return db
    .select(sessionColumns)
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expires, new Date())))
    .orderBy(desc(sessions.lastLogin), desc(sessions.created));
}

/** A session of this user by id or by token hash. */
export async function findUserSession(db: Executor, userId: number, match: { id?: number; tokenHash: string }): Promise<SessionRow | undefined> {
  const byIdOrToken = match.id === undefined ? eq(sessions.tokenHash, match.tokenHash) : or(eq(sessions.id, match.id), eq(sessions.tokenHash, match.tokenHash));
  const rows = await db.select(sessionColumns).from(sessions).where(and(eq(sessions.userId, userId), byIdOrToken)).limit(1);
  return rows[0];
}

/** A session by token hash, expired or not. */
export async function findSessionByTokenHash(db: Executor, tokenHash: string): Promise<SessionRow | undefined> {
  const rows = await db.select(sessionColumns).from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

/** Deletes a session; false when it was already gone (a concurrent refresh or sign-out). */
export async function deleteSession(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
  return rows.length > 0;
}

/** Signs the user out everywhere, except `keepId` when given. */
export async function deleteUserSessions(db: Executor, userId: number, keepId?: number): Promise<void> {
  await db.delete(sessions).where(keepId === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}

/** Sessions that can no longer be used nor refreshed. */
export async function deleteDeadSessions(db: Executor, now = new Date()): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.refreshExpires, now)).returning({ id: sessions.id });
  return rows.length;
}
