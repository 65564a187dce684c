import sharp from 'sharp';
import { ALL_SCOPES, scopeBits, withoutRestricted, type ScopeName } from '@cairn/shared/constants/scopes';
import type { TestContext } from '../harness.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion, type InsertedProject, type InsertedVersion } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';

/**
 * What one authorization call runs against: a fresh owner with a draft project (hidden from
 * everyone but its team and moderators) holding a listed version, and the callers around it.
 */
export interface World {
  ctx: TestContext;
  owner: TestUser;
  /** Base62 id of the owner. */
  ownerKey: string;
  stranger: TestUser;
  moderator: TestUser;
  admin: TestUser;
  project: InsertedProject;
  version: InsertedVersion;
  /** A second, accepted member of the project's team (not the owner). */
  member: TestUser;
}

export interface Callers {
  stranger: TestUser;
  moderator: TestUser;
  admin: TestUser;
}

export async function createCallers(ctx: TestContext): Promise<Callers> {
  return {
    stranger: await insertUserWithTokens(ctx.database.db, { username: `stranger_${Math.random().toString(36).slice(2, 8)}` }),
    moderator: await insertUserWithTokens(ctx.database.db, { username: `mod_${Math.random().toString(36).slice(2, 8)}`, role: 'moderator' }),
    admin: await insertUserWithTokens(ctx.database.db, { username: `admin_${Math.random().toString(36).slice(2, 8)}`, role: 'admin' }),
  };
}

export async function createWorld(ctx: TestContext, callers: Callers): Promise<World> {
  const db = ctx.database.db;
  const owner = await insertUserWithTokens(db);
  const member = await insertUserWithTokens(db);
  const project = await insertProject(db, { ownerId: owner.id, status: 'draft', requestedStatus: 'approved' });
  await addTeamMember(db, project.teamId, member.id);
  const version = await insertVersion(db, { projectId: project.id, authorId: owner.id });
  return { ctx, owner, ownerKey: encodeBase62(owner.id), member, project, version, ...callers };
}

/** A PAT of `user` holding every grantable scope except the given ones. */
export const patWithout = (ctx: TestContext, userId: number, scopes: readonly ScopeName[]) =>
  // Scope sets pass 32 bits, so they are combined as BigInts, not with JavaScript's bitwise operators.
  createPat(ctx.database.db, userId, Number(BigInt(withoutRestricted(ALL_SCOPES)) & ~BigInt(scopeBits(...scopes))));

export const pngBytes = () => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png().toBuffer();
