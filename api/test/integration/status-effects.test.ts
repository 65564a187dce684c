import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, insertUserWithTokens, type Actors } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { notifications, threadMessages, threads } from '../../src/db/schema/trust.js';
import { encodeBase62 } from '../../src/lib/ids.js';

// What status changes and invites leave behind in the database (threads and notifications are
// read through their own routes in their own test files).

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const auth = (token: string) => ({ authorization: token });
const notificationsOf = (userId: number) => ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));
async function messagesOf(projectId: number) {
  const rows = await ctx.database.db
    .select({ authorId: threadMessages.authorId, body: threadMessages.body, hideIdentity: threadMessages.hideIdentity })
    .from(threadMessages)
    .innerJoin(threads, eq(threads.id, threadMessages.threadId))
    .where(eq(threads.projectId, projectId));
  return rows;
}

describe('status changes', () => {
  it("a moderator's decision adds a hidden-identity thread message and notifies accepted members only", async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id, status: 'processing' });
    await insertVersion(db, { projectId: project.id, authorId: actors.creator.id });
    const pending = await insertUserWithTokens(db, { username: 'PendingMember' });
    await addTeamMember(db, project.teamId, pending.id, { accepted: false });

    const response = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.key}`, payload: { status: 'rejected' }, headers: auth(actors.moderator.pat) });
    expect(response.statusCode, response.body).toBe(204);

    expect(await messagesOf(project.id)).toEqual([
      { authorId: actors.moderator.id, body: { type: 'status_change', old_status: 'processing', new_status: 'rejected' }, hideIdentity: true },
    ]);
    const [notification] = await notificationsOf(actors.creator.id);
    expect(notification?.body).toEqual({ type: 'status_change', project_id: project.key, old_status: 'processing', new_status: 'rejected' });
    expect(await notificationsOf(pending.id)).toHaveLength(0);
  });

  it("the team's own submission is recorded in the thread without notifying the team", async () => {
    const db = ctx.database.db;
    const owner = await insertUserWithTokens(db, { username: 'Submitter' });
    const project = await insertProject(db, { ownerId: owner.id, status: 'draft' });
    await insertVersion(db, { projectId: project.id, authorId: owner.id });

    const response = await ctx.app.inject({ method: 'PATCH', url: `/v2/project/${project.key}`, payload: { status: 'processing' }, headers: auth(owner.pat) });
    expect(response.statusCode, response.body).toBe(204);
    expect(await messagesOf(project.id)).toEqual([
      { authorId: owner.id, body: { type: 'status_change', old_status: 'draft', new_status: 'processing' }, hideIdentity: false },
    ]);
    expect(await notificationsOf(owner.id)).toHaveLength(0);
  });
});

describe('team invites', () => {
  it('notify the invited user with who invited them and the role', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: actors.creator.id });
    const invitee = await insertUserWithTokens(db, { username: 'Invitee' });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/v2/team/${project.teamKey}/members`,
      payload: { user_id: encodeBase62(invitee.id), role: 'Artist' },
      headers: auth(actors.creator.pat),
    });
    expect(response.statusCode, response.body).toBe(204);
    const rows = await notificationsOf(invitee.id);
    expect(rows.map((r) => r.body)).toEqual([
      { type: 'team_invite', project_id: project.key, team_id: project.teamKey, invited_by: encodeBase62(actors.creator.id), role: 'Artist' },
    ]);
    expect(rows[0]!.read).toBe(false);
  });
});
