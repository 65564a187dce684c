import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { personalAccessTokens } from '../../db/schema/auth.js';

const columns = {
  id: personalAccessTokens.id,
  name: personalAccessTokens.name,
  userId: personalAccessTokens.userId,
  scopes: personalAccessTokens.scopes,
  created: personalAccessTokens.created,
  expires: personalAccessTokens.expires,
  lastUsed: personalAccessTokens.lastUsed,
};

export type PatRow = {
  id: number;
  name: string;
  userId: number;
  scopes: number;
  created: Date;
  expires: Date;
  lastUsed: Date | null;
};

export function listPatsOfUser(db: Executor, userId: number): Promise<PatRow[]> {
  return db
    .select(columns)
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.created), desc(personalAccessTokens.id));
}

/** The user's PAT with this id, or with this token hash when `by` says so. */
export async function findPatOfUser(db: Executor, userId: number, by: { id: number } | { tokenHash: string }): Promise<PatRow | undefined> {
  const match = 'id' in by ? eq(personalAccessTokens.id, by.id) : eq(personalAccessTokens.tokenHash, by.tokenHash);
  const rows = await db
    .select(columns)
    .from(personalAccessTokens)
    .where(and(match, eq(personalAccessTokens.userId, userId)))
    .limit(1);
  return rows[0];
}

export async function insertPat(
  db: Executor,
  values: { id: number; name: string; tokenHash: string; userId: number; scopes: number; expires: Date },
): Promise<PatRow> {
  const rows = await db.insert(personalAccessTokens).values(values).returning(columns);
  return rows[0]!;
}

export async function updatePat(db: Executor, id: number, values: { name?: string; scopes?: number; expires?: Date }): Promise<void> {
  await db.update(personalAccessTokens).set(values).where(eq(personalAccessTokens.id, id));
}

export async function deletePat(db: Executor, id: number): Promise<void> {
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.id, id));
}
