import { randomBytes } from 'node:crypto';
import { ALL_SCOPES, withoutRestricted } from '@cairn/shared/constants/scopes';
import type { UserRole } from '@cairn/shared/constants/permissions';
import type { Executor } from '../../src/db/client.js';
import { personalAccessTokens, sessions } from '../../src/db/schema/auth.js';
import { users } from '../../src/db/schema/users.js';
import { randomId } from '../../src/lib/ids.js';
import { generateToken, hashToken } from '../../src/lib/tokens.js';

export interface TestUser {
  id: number;
  username: string;
  email: string;
  /** A first-party session token (all scopes). */
  session: string;
  /** A personal access token with every non-restricted scope. */
  pat: string;
}

const DAY = 24 * 60 * 60 * 1000;

export async function insertUser(
  db: Executor,
  fields: { username?: string; email?: string; role?: UserRole; emailVerified?: boolean; passwordHash?: string | null } = {},
): Promise<{ id: number; username: string; email: string }> {
  const username = fields.username ?? `user_${randomBytes(4).toString('hex')}`;
  const email = fields.email ?? `${username.toLowerCase()}@example.test`;
  const id = Number(randomId());
  await db.insert(users).values({
    id,
    username,
    email,
    emailVerified: fields.emailVerified ?? true,
    role: fields.role ?? 'developer',
    passwordHash: fields.passwordHash ?? null,
  });
  return { id, username, email };
}

export async function createSessionToken(db: Executor, userId: number, expiresInMs = 14 * DAY): Promise<string> {
  const token = generateToken('session');
  await db.insert(sessions).values({
    id: Number(randomId()),
    tokenHash: hashToken(token),
    userId,
    expires: new Date(Date.now() + expiresInMs),
    refreshExpires: new Date(Date.now() + 60 * DAY),
  });
  return token;
}

export async function createPat(
  db: Executor,
  userId: number,
  scopes: number = withoutRestricted(ALL_SCOPES),
  expiresInMs = 30 * DAY,
): Promise<string> {
  const token = generateToken('pat');
  await db.insert(personalAccessTokens).values({
    id: Number(randomId()),
    name: 'test token',
    tokenHash: hashToken(token),
    userId,
    scopes,
    expires: new Date(Date.now() + expiresInMs),
  });
  return token;
}

export async function insertUserWithTokens(db: Executor, fields: Parameters<typeof insertUser>[1] = {}): Promise<TestUser> {
  const user = await insertUser(db, fields);
  return { ...user, session: await createSessionToken(db, user.id), pat: await createPat(db, user.id) };
}

/** The named actors every authorization matrix uses. */
export interface Actors {
  admin: TestUser;
  moderator: TestUser;
  creator: TestUser;
  user: TestUser;
  stranger: TestUser;
}

export async function createActors(db: Executor): Promise<Actors> {
  return {
    admin: await insertUserWithTokens(db, { username: 'Admin', role: 'admin' }),
    moderator: await insertUserWithTokens(db, { username: 'Moderator', role: 'moderator' }),
    creator: await insertUserWithTokens(db, { username: 'Creator' }),
    user: await insertUserWithTokens(db, { username: 'User' }),
    stranger: await insertUserWithTokens(db, { username: 'Stranger' }),
  };
}
