import { and, eq, gt, lt, or, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oauthAccessTokens, personalAccessTokens, sessions } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import type { TokenKind } from '../../lib/tokens.js';

export interface CredentialRow {
  credentialId: number;
  userId: number;
  role: string;
  scopes: number | null;
  lastUsed: Date | null;
}

/** The live (unexpired) credential of a kind with this token hash, with its user's role. */
export async function findLiveCredential(db: Executor, kind: TokenKind, tokenHash: string): Promise<CredentialRow | undefined> {
  const now = new Date();
  if (kind === 'session') {
    const rows = await db
      .select({ credentialId: sessions.id, userId: sessions.userId, role: users.role, scopes: sql<null>`null`, lastUsed: sessions.lastLogin })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expires, now)))
      .limit(1);
    return rows[0];
  }
  const table = kind === 'pat' ? personalAccessTokens : oauthAccessTokens;
  const rows = await db
    .select({ credentialId: table.id, userId: table.userId, role: users.role, scopes: table.scopes, lastUsed: table.lastUsed })
    .from(table)
    .innerJoin(users, eq(users.id, table.userId))
    .where(and(eq(table.tokenHash, tokenHash), gt(table.expires, now)))
    .limit(1);
  return rows[0];
}

/** Records use of a credential, at most once a minute per credential. */
export async function touchCredential(db: Executor, kind: TokenKind, credentialId: number): Promise<void> {
  const now = new Date();
  const minuteAgo = new Date(now.getTime() - 60_000);
  if (kind === 'session') {
    await db.update(sessions).set({ lastLogin: now }).where(and(eq(sessions.id, credentialId), lt(sessions.lastLogin, minuteAgo)));
    return;
  }
  const table = kind === 'pat' ? personalAccessTokens : oauthAccessTokens;
  await db
    .update(table)
    .set({ lastUsed: now })
    .where(and(eq(table.id, credentialId), or(isNull(table.lastUsed), lt(table.lastUsed, minuteAgo))));
}
