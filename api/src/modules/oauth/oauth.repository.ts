import { and, asc, desc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { authFlows, oauthAccessTokens, oauthAuthorizations, oauthClients, oauthRedirectUris } from '../../db/schema/auth.js';
import { users } from '../../db/schema/users.js';
import { randomId } from '../../lib/ids.js';

// ---- apps ----

const clientColumns = {
  id: oauthClients.id,
  name: oauthClients.name,
  iconKey: oauthClients.iconKey,
  rawIconKey: oauthClients.rawIconKey,
  maxScopes: oauthClients.maxScopes,
  createdBy: oauthClients.createdBy,
  created: oauthClients.created,
  url: oauthClients.url,
  description: oauthClients.description,
};

export type ClientRow = {
  id: number;
  name: string;
  iconKey: string | null;
  rawIconKey: string | null;
  maxScopes: number;
  createdBy: number;
  created: Date;
  url: string | null;
  description: string | null;
};

export type RedirectUriRow = { id: number; clientId: number; uri: string };

export async function insertClient(
  db: Executor,
  values: { id: number; name: string; maxScopes: number; secretHash: string; createdBy: number; url: string | null; description: string | null },
): Promise<ClientRow> {
  const rows = await db.insert(oauthClients).values(values).returning(clientColumns);
  return rows[0]!;
}

export async function findClient(db: Executor, id: number): Promise<ClientRow | undefined> {
  const rows = await db.select(clientColumns).from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return rows[0];
}

/** Only the token endpoint needs the secret's hash. */
export async function findClientSecretHash(db: Executor, id: number): Promise<string | undefined> {
  const rows = await db.select({ secretHash: oauthClients.secretHash }).from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return rows[0]?.secretHash;
}

export function listClientsByIds(db: Executor, ids: number[]): Promise<ClientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(clientColumns).from(oauthClients).where(inArray(oauthClients.id, ids)).orderBy(asc(oauthClients.created), asc(oauthClients.id));
}

export function listClientsOfUser(db: Executor, userId: number): Promise<ClientRow[]> {
  return db.select(clientColumns).from(oauthClients).where(eq(oauthClients.createdBy, userId)).orderBy(asc(oauthClients.created), asc(oauthClients.id));
}

export async function updateClient(
  db: Executor,
  id: number,
  values: { name?: string; maxScopes?: number; url?: string | null; description?: string | null; iconKey?: string | null; rawIconKey?: string | null },
): Promise<void> {
  if (Object.values(values).every((value) => value === undefined)) return;
  await db.update(oauthClients).set(values).where(eq(oauthClients.id, id));
}

/** Deleting an app cascades to its redirect URIs, authorizations and access tokens. */
export async function deleteClient(db: Executor, id: number): Promise<void> {
  await db.delete(oauthClients).where(eq(oauthClients.id, id));
}

/** Redirect URIs of the given apps, each app's in its registered order. */
export function listRedirectUris(db: Executor, clientIds: number[]): Promise<RedirectUriRow[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: oauthRedirectUris.id, clientId: oauthRedirectUris.clientId, uri: oauthRedirectUris.uri })
    .from(oauthRedirectUris)
    .where(inArray(oauthRedirectUris.clientId, clientIds))
    .orderBy(asc(oauthRedirectUris.clientId), asc(oauthRedirectUris.ordering));
}

/** Replaces an app's redirect URIs with `uris`, in that order. */
export async function replaceRedirectUris(db: Executor, clientId: number, uris: string[]): Promise<void> {
  await db.delete(oauthRedirectUris).where(eq(oauthRedirectUris.clientId, clientId));
  await db.insert(oauthRedirectUris).values(uris.map((uri, ordering) => ({ id: Number(randomId()), clientId, uri, ordering })));
}

/** After an app's maximum scopes shrink, no grant or token of it may keep more. */
export async function clampGrantsToScopes(db: Executor, clientId: number, maxScopes: number): Promise<void> {
  await db
    .update(oauthAuthorizations)
    .set({ scopes: sql`${oauthAuthorizations.scopes} & ${maxScopes}::bigint` })
    .where(eq(oauthAuthorizations.clientId, clientId));
  await db
    .update(oauthAccessTokens)
    .set({ scopes: sql`${oauthAccessTokens.scopes} & ${maxScopes}::bigint` })
    .where(eq(oauthAccessTokens.clientId, clientId));
}

// ---- authorizations and tokens ----

const authorizationColumns = {
  id: oauthAuthorizations.id,
  clientId: oauthAuthorizations.clientId,
  userId: oauthAuthorizations.userId,
  scopes: oauthAuthorizations.scopes,
  created: oauthAuthorizations.created,
};

export type AuthorizationRow = { id: number; clientId: number; userId: number; scopes: number; created: Date };

export async function findAuthorization(db: Executor, clientId: number, userId: number): Promise<AuthorizationRow | undefined> {
  const rows = await db
    .select(authorizationColumns)
    .from(oauthAuthorizations)
    .where(and(eq(oauthAuthorizations.clientId, clientId), eq(oauthAuthorizations.userId, userId)))
    .limit(1);
  return rows[0];
}

export function listAuthorizationsOfUser(db: Executor, userId: number): Promise<AuthorizationRow[]> {
  return db
    .select(authorizationColumns)
    .from(oauthAuthorizations)
    .where(eq(oauthAuthorizations.userId, userId))
    .orderBy(desc(oauthAuthorizations.created), desc(oauthAuthorizations.id));
}

/** Creates the user's grant to the app, or adds `scopes` to the existing one. */
export async function upsertAuthorization(db: Executor, clientId: number, userId: number, scopes: number): Promise<void> {
  await db
    .insert(oauthAuthorizations)
    .values({ id: Number(randomId()), clientId, userId, scopes })
    .onConflictDoUpdate({
      target: [oauthAuthorizations.clientId, oauthAuthorizations.userId],
      set: { scopes: sql`${oauthAuthorizations.scopes} | excluded.scopes` },
    });
}

/** Revokes the grant; its access tokens go with it (cascade). True when there was one. */
export async function deleteAuthorization(db: Executor, clientId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(oauthAuthorizations)
    .where(and(eq(oauthAuthorizations.clientId, clientId), eq(oauthAuthorizations.userId, userId)))
    .returning({ id: oauthAuthorizations.id });
  return rows.length > 0;
}

export async function insertAccessToken(
  db: Executor,
  values: { id: number; tokenHash: string; authorizationId: number; clientId: number; userId: number; scopes: number; expires: Date },
): Promise<void> {
  await db.insert(oauthAccessTokens).values(values);
}

export async function deleteAccessToken(db: Executor, id: number): Promise<void> {
  await db.delete(oauthAccessTokens).where(eq(oauthAccessTokens.id, id));
}

// ---- consent flows and authorization codes (auth_flows) ----

export const FLOW_KINDS = {
  consent: 'oauth_consent',
  code: 'oauth_code',
  /** A redeemed code, kept until it would have expired so a replay can revoke what it issued. */
  usedCode: 'oauth_code_used',
} as const;

export async function insertFlow(
  db: Executor,
  values: { id: string; kind: string; userId: number; data: Record<string, unknown>; expires: Date },
): Promise<void> {
  await db.insert(authFlows).values(values);
}

/** Removes and returns a live flow of this kind and user (single use; others' flows are not touched). */
export async function takeFlow(db: Executor, id: string, kind: string, userId: number): Promise<Record<string, unknown> | undefined> {
  const rows = await db
    .delete(authFlows)
    .where(and(eq(authFlows.id, id), eq(authFlows.kind, kind), eq(authFlows.userId, userId), gt(authFlows.expires, new Date())))
    .returning({ data: authFlows.data });
  return rows[0]?.data;
}

/** Marks a live code as redeemed and returns it; undefined when unknown, expired or already redeemed. */
export async function redeemCode(db: Executor, id: string): Promise<{ userId: number; data: Record<string, unknown> } | undefined> {
  const rows = await db
    .update(authFlows)
    .set({ kind: FLOW_KINDS.usedCode })
    .where(and(eq(authFlows.id, id), eq(authFlows.kind, FLOW_KINDS.code), gt(authFlows.expires, new Date())))
    .returning({ userId: authFlows.userId, data: authFlows.data });
  const row = rows[0];
  return row?.userId ? { userId: row.userId, data: row.data } : undefined;
}

export async function recordCodeToken(db: Executor, id: string, tokenId: number): Promise<void> {
  await db
    .update(authFlows)
    .set({ data: sql`${authFlows.data} || jsonb_build_object('tokenId', ${tokenId}::bigint)` })
    .where(eq(authFlows.id, id));
}

/** Forgets a redeemed code and returns the id of the token it issued. */
export async function takeRedeemedCode(db: Executor, id: string): Promise<number | undefined> {
  const rows = await db
    .delete(authFlows)
    .where(and(eq(authFlows.id, id), eq(authFlows.kind, FLOW_KINDS.usedCode)))
    .returning({ data: authFlows.data });
  const tokenId = rows[0]?.data.tokenId;
  return typeof tokenId === 'number' ? tokenId : undefined;
}

/** Expired OAuth access tokens (they no longer authenticate anything); returns how many went. */
export async function deleteExpiredOAuthTokens(db: Executor, now = new Date()): Promise<number> {
  const tokens = await db.delete(oauthAccessTokens).where(lte(oauthAccessTokens.expires, now)).returning({ id: oauthAccessTokens.id });
  return tokens.length;
}

// ---- users ----

/** A user's id from their id or username (case-insensitive). */
export async function findUserId(db: Executor, ref: { id?: number; username: string }): Promise<number | undefined> {
  const byUsername = sql`lower(${users.username}) = lower(${ref.username})`;
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(ref.id === undefined ? byUsername : or(eq(users.id, ref.id), byUsername))
    .limit(2);
  // An id match wins over a username that happens to look like someone else's id.
  return (rows.find((row) => row.id === ref.id) ?? rows[0])?.id;
}
