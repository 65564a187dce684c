import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, insertUserWithTokens, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { users } from '../../src/db/schema/users.js';
import { versions } from '../../src/db/schema/catalogue.js';
import { GHOST_USER_ID, reassignDeletedUserContent } from '../../src/modules/users/ghost.js';

let ctx: TestContext;
let actors: Actors;
beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

describe('reassignDeletedUserContent', () => {
  it('hands a deleted account’s projects and versions to Ghost and drops its follows', async () => {
    const db = ctx.database.db;
    const leaving = await insertUserWithTokens(db, { username: 'Leaving' });
    const owned = await insertProject(db, { ownerId: leaving.id, slug: 'owned-by-leaving' });
    const inReview = await insertProject(db, { ownerId: leaving.id, status: 'processing' });
    const version = await insertVersion(db, { projectId: owned.id, authorId: leaving.id });
    const elsewhere = await insertProject(db, { ownerId: actors.creator.id, slug: 'someone-elses' });
    await addTeamMember(db, elsewhere.teamId, leaving.id, { permissions: 1 });
    const followed = await insertProject(db, { ownerId: actors.creator.id, slug: 'followed' });
    expect((await ctx.app.inject({ method: 'POST', url: `/v2/project/${followed.key}/follow`, headers: { authorization: leaving.pat } })).statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'POST', url: `/v2/project/${followed.key}/follow`, headers: { authorization: actors.user.pat } })).statusCode).toBe(204);

    await db.transaction(async (tx) => {
      await reassignDeletedUserContent(tx, leaving.id);
      await tx.delete(users).where(eq(users.id, leaving.id));
    });

    const members = await ctx.app.inject({ method: 'GET', url: `/v2/project/${owned.key}/members` });
    expect(members.json().map((m: { user: { username: string }; role: string }) => [m.user.username, m.role])).toEqual([['Ghost', 'Owner']]);
    const review = ProjectSchema.parse((await ctx.app.inject({ method: 'GET', url: `/v2/project/${inReview.key}`, headers: { authorization: actors.moderator.pat } })).json());
    expect(review.status).toBe('rejected');
    const [row] = await db.select({ authorId: versions.authorId }).from(versions).where(eq(versions.id, version.id));
    expect(row!.authorId).toBe(GHOST_USER_ID);
    const elsewhereMembers = await ctx.app.inject({ method: 'GET', url: `/v2/project/${elsewhere.key}/members` });
    expect(elsewhereMembers.json().map((m: { user: { username: string } }) => m.user.username)).toEqual([actors.creator.username]);
    const followedProject = ProjectSchema.parse((await ctx.app.inject({ method: 'GET', url: `/v2/project/${followed.key}` })).json());
    expect(followedProject.followers).toBe(1);
  });
});
