import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userAuthProviders, userBackupCodes } from '../../db/schema/users.js';

export async function replaceBackupCodes(db: Executor, userId: number, codeHashes: string[]): Promise<void> {
  await db.delete(userBackupCodes).where(eq(userBackupCodes.userId, userId));
  if (codeHashes.length) await db.insert(userBackupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses up a backup code; false when the user has no such (unused) code. */
export async function consumeBackupCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await db
    .delete(userBackupCodes)
    .where(and(eq(userBackupCodes.userId, userId), eq(userBackupCodes.codeHash, codeHash)))
    .returning({ userId: userBackupCodes.userId });
  return rows.length > 0;
}

export async function deleteBackupCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(userBackupCodes).where(eq(userBackupCodes.userId, userId));
}

/** The account a third-party identity is linked to. */
export async function findUserIdByIdentity(db: Executor, provider: string, subject: string): Promise<number | undefined> {
  const rows = await db
    .select({ userId: userAuthProviders.userId })
    .from(userAuthProviders)
    .where(and(eq(userAuthProviders.provider, provider), eq(userAuthProviders.subject, subject)))
    .limit(1);
  return rows[0]?.userId;
}

export function listUserProviders(db: Executor, userId: number): Promise<Array<{ provider: string; subject: string }>> {
  return db
    .select({ provider: userAuthProviders.provider, subject: userAuthProviders.subject })
    .from(userAuthProviders)
    .where(eq(userAuthProviders.userId, userId))
    .orderBy(asc(userAuthProviders.created));
}

export async function countUserProviders(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userAuthProviders).where(eq(userAuthProviders.userId, userId));
  return row!.n;
}

export async function insertUserProvider(db: Executor, link: { userId: number; provider: string; subject: string }): Promise<void> {
  await db.insert(userAuthProviders).values(link);
}

export async function deleteUserProvider(db: Executor, userId: number, provider: string): Promise<boolean> {
  const rows = await db
    .delete(userAuthProviders)
    .where(and(eq(userAuthProviders.userId, userId), eq(userAuthProviders.provider, provider)))
    .returning({ userId: userAuthProviders.userId });
  return rows.length > 0;
}
