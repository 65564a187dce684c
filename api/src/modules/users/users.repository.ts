import { GHOST_USER_ID } from './ghost.js';
import { and, asc, count, eq, inArray, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { userAuthProviders, users } from '../../db/schema/users.js';

/** What the API shows of a user (secrets only as flags). */
const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  hasPassword: sql<boolean>`(${users.passwordHash} is not null)`,
  hasTotp: sql<boolean>`(${users.totpSecret} is not null)`,
  avatarUrl: users.avatarUrl,
  bio: users.bio,
  role: users.role,
  badges: users.badges,
  newsletter: users.newsletter,
  created: users.created,
};

export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  hasTotp: boolean;
  avatarUrl: string | null;
  bio: string | null;
  role: string;
  badges: number;
  newsletter: boolean;
  created: Date;
}

/** A user's sign-in secrets, for the auth services only. */
export interface UserCredentials {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
}

const credentialColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  emailVerified: users.emailVerified,
  passwordHash: users.passwordHash,
  totpSecret: users.totpSecret,
  totpLastStep: users.totpLastStep,
};

const usernameIs = (username: string) => sql`lower(${users.username}) = lower(${username})`;
const emailIs = (email: string) => sql`lower(${users.email}) = lower(${email})`;

/** Ids decoded from `{id|username}` path values that may name an id (ids fit in 2^53). */
function idCondition(ids: number[]): SQL | undefined {
  return ids.length ? inArray(users.id, ids) : undefined;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** By email address, case-insensitively. */
export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(users).where(emailIs(email)).limit(1);
  return rows[0];
}

/** By id (when `id` is given and exists) or else by username, case-insensitively. */
export async function findUserByIdOrUsername(db: Executor, text: string, id: number | undefined): Promise<UserRow | undefined> {
  const byId = idCondition(id === undefined ? [] : [id]);
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(byId ? or(byId, usernameIs(text)) : usernameIs(text))
    .orderBy(id === undefined ? asc(users.id) : sql`(${users.id} = ${id}) desc`)
    .limit(1);
  return rows[0];
}

export function listUsersByIdsOrUsernames(db: Executor, ids: number[], usernames: string[]): Promise<UserRow[]> {
  const conditions = [idCondition(ids), usernames.length ? inArray(sql`lower(${users.username})`, usernames.map((u) => u.toLowerCase())) : undefined].filter(
    (c): c is SQL => c !== undefined,
  );
  if (!conditions.length) return Promise.resolve([]);
  return db.select(userColumns).from(users).where(or(...conditions));
}

export async function isUsernameTaken(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? usernameIs(username) : and(usernameIs(username), sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return rows.length > 0;
}

export async function isEmailTaken(db: Executor, email: string, exceptUserId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? emailIs(email) : and(emailIs(email), sql`${users.id} <> ${exceptUserId}`))
    .limit(1);
  return rows.length > 0;
}

export async function findCredentialsById(db: Executor, id: number): Promise<UserCredentials | undefined> {
  const rows = await db.select(credentialColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** For sign-in and password reset: an email address when the text has an @, else a username. */
export async function findCredentialsByLogin(db: Executor, login: string): Promise<UserCredentials | undefined> {
  const rows = await db
    .select(credentialColumns)
    .from(users)
    .where(login.includes('@') ? emailIs(login) : usernameIs(login))
    .limit(1);
  return rows[0];
}

export interface NewUser {
  id: number;
  username: string;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  newsletter: boolean;
  role?: string;
}

export async function insertUser(db: Executor, user: NewUser): Promise<void> {
  await db.insert(users).values(user);
}

export type UserPatch = Partial<{
  username: string;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  avatarUrl: string | null;
  rawAvatarUrl: string | null;
  bio: string | null;
  role: string;
  badges: number;
  newsletter: boolean;
  totpSecret: string | null;
  totpLastStep: number | null;
}>;

export async function updateUser(db: Executor, id: number, patch: UserPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(users).set(patch).where(eq(users.id, id));
}

/**
 * Records a used TOTP time step if it is newer than the last one; false when the step was
 * already used (so a code works once, even under concurrent attempts).
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, id), isNotNull(users.totpSecret), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function deleteUser(db: Executor, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Accounts of people (the Ghost placeholder that inherits deleted users' content is not one). */
export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(ne(users.id, GHOST_USER_ID));
  return row!.n;
}

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row!.n;
}

/** Linked third-party providers of each user. */
export async function listProviderNames(db: Executor, userIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (!userIds.length) return result;
  const rows = await db
    .select({ userId: userAuthProviders.userId, provider: userAuthProviders.provider })
    .from(userAuthProviders)
    .where(inArray(userAuthProviders.userId, userIds))
    .orderBy(asc(userAuthProviders.created));
  for (const row of rows) result.set(row.userId, [...(result.get(row.userId) ?? []), row.provider]);
  return result;
}

/** Locks the user row until the transaction ends (serialises changes to sign-in methods). */
export async function lockUser(db: Executor, id: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}
