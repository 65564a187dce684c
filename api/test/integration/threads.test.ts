import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { addTeamMember, insertProject, insertVersion } from '../factories/catalogue.js';
import { ContractReport, ContractThread, ContractThreads } from '../helpers/trust-contract.js';
import { notifications } from '../../src/db/schema/trust.js';
import { findProjectThreadId } from '../../src/modules/threads/threads.port.js';
import { encodeBase62 } from '../../src/lib/ids.js';

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));
const notificationsOf = async (userId: number) =>
  (await ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.body);
const text = (body: string, extra: object = {}) => ({ body: { type: 'text', body, ...extra } });

async function readThread(id: string, user: TestUser) {
  const response = await call('GET', `/v2/thread/${id}`, user.pat);
  expect(response.statusCode, response.body).toBe(200);
  return ContractThread.parse(response.json());
}

async function send(id: string, user: TestUser, payload: object) {
  const response = await call('POST', `/v2/thread/${id}`, user.pat, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ContractThread.parse(response.json());
}

/** A project (rejected by default: a moderator's message reaches its team) with an owner, a pending invitee and an org-less team. */
async function projectWorld(status = 'rejected') {
  const db = ctx.database.db;
  const owner = await insertUserWithTokens(db);
  const member = await insertUserWithTokens(db);
  const invitee = await insertUserWithTokens(db);
  const project = await insertProject(db, { ownerId: owner.id, status });
  await insertVersion(db, { projectId: project.id, authorId: owner.id });
  await addTeamMember(db, project.teamId, member.id);
  await addTeamMember(db, project.teamId, invitee.id, { accepted: false });
  const threadId = encodeBase62((await findProjectThreadId(db, project.id))!);
  return { owner, member, invitee, project, threadId };
}

describe('project threads', () => {
  it('are read by moderators and the team (pending invitees too), nobody else', async () => {
    const { owner, member, invitee, project, threadId } = await projectWorld();
    for (const reader of [owner, member, invitee, actors.moderator, actors.admin]) {
      expect(await readThread(threadId, reader)).toMatchObject({ id: threadId, type: 'project', project_id: project.key, report_id: null });
    }
    expect((await call('GET', `/v2/thread/${threadId}`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await call('GET', `/v2/thread/${threadId}`)).statusCode).toBe(401);
    expect((await call('GET', '/v2/thread/ZZZZZZZZ', actors.moderator.pat)).statusCode).toBe(404);
    const readOnlyReports = await createPat(ctx.database.db, owner.id, scopeBits('REPORT_READ'));
    expect((await call('GET', `/v2/thread/${threadId}`, readOnlyReports)).statusCode).toBe(401);
  });

  it("hide moderators' identities and private notes from the team", async () => {
    const { owner, member, threadId } = await projectWorld();
    await send(threadId, owner, text('Could you look again?'));
    const afterNote = await send(threadId, actors.moderator, text('They re-uploaded the same jar.', { private: true }));
    expect(afterNote.messages).toHaveLength(2);
    await send(threadId, actors.moderator, text('Please add a description.'));

    const seenByMember = await readThread(threadId, member);
    expect(seenByMember.messages.map((m) => [m.author_id, m.body])).toEqual([
      [encodeBase62(owner.id), { type: 'text', body: 'Could you look again?', private: false, replying_to: null, associated_images: [] }],
      [null, { type: 'text', body: 'Please add a description.', private: false, replying_to: null, associated_images: [] }],
    ]);
    expect(seenByMember.members.map((u) => u.id)).toEqual([encodeBase62(owner.id)]);
    expect(seenByMember.members[0]).toMatchObject({ username: owner.username, email: null, auth_providers: null });

    const seenByModerator = await readThread(threadId, actors.moderator);
    expect(seenByModerator.messages.map((m) => m.author_id)).toEqual([encodeBase62(owner.id), encodeBase62(actors.moderator.id), encodeBase62(actors.moderator.id)]);
    expect(seenByModerator.messages[1]!.body).toMatchObject({ private: true });
    expect(seenByModerator.members.map((u) => u.id)).toEqual([encodeBase62(owner.id), encodeBase62(actors.moderator.id)]);
  });

  it("a moderator's public message notifies the accepted team unless the project awaits review", async () => {
    const rejected = await projectWorld('rejected');
    const thread = await send(rejected.threadId, actors.moderator, text('Fixed? Then resubmit.'));
    const messageId = thread.messages.at(-1)!.id;
    const expected = { type: 'moderator_message', thread_id: rejected.threadId, message_id: messageId, project_id: rejected.project.key, report_id: null };
    expect(await notificationsOf(rejected.owner.id)).toEqual([expected]);
    expect(await notificationsOf(rejected.member.id)).toEqual([expected]);
    expect(await notificationsOf(rejected.invitee.id)).toEqual([]);

    await send(rejected.threadId, actors.moderator, text('Private note.', { private: true }));
    await send(rejected.threadId, rejected.owner, text('Thanks!'));
    expect(await notificationsOf(rejected.owner.id)).toHaveLength(1);

    const queued = await projectWorld('processing');
    await send(queued.threadId, actors.moderator, text('Looking at it now.'));
    expect(await notificationsOf(queued.owner.id)).toEqual([]);
  });

  it('accept only text, private notes from moderators, replies within the thread', async () => {
    const { owner, threadId } = await projectWorld();
    const other = await projectWorld();
    const first = (await send(threadId, owner, text('First.'))).messages[0]!;
    const elsewhere = (await send(other.threadId, other.owner, text('Elsewhere.'))).messages[0]!;
    const reply = await send(threadId, owner, text('Second.', { replying_to: first.id }));
    expect(reply.messages[1]!.body).toMatchObject({ replying_to: first.id });
    // The bare message body is accepted too.
    expect((await send(threadId, owner, { type: 'text', body: 'Bare.' })).messages).toHaveLength(3);

    const refused: Array<[object, string]> = [
      [{ body: { type: 'status_change', old_status: 'draft', new_status: 'approved' } }, "'body.type'"],
      [text('Secret.', { private: true }), "'body.private'"],
      [text('Reply.', { replying_to: elsewhere.id }), "'body.replying_to'"],
      [text('Reply.', { replying_to: 'ZZZZZZZZ' }), "'body.replying_to'"],
      [text(''), "'body.body'"],
      [text('x'.repeat(65_537)), 'body'],
    ];
    for (const [payload, field] of refused) {
      const response = await call('POST', `/v2/thread/${threadId}`, owner.pat, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json<{ description: string }>().description).toContain(field);
    }
    expect((await call('POST', `/v2/thread/${threadId}`, actors.stranger.pat, text('Hi'))).statusCode).toBe(404);
    expect((await call('POST', `/v2/thread/${threadId}`, undefined, text('Hi'))).statusCode).toBe(401);
  });

  it('GET /v2/threads leaves out what the caller may not read', async () => {
    const mine = await projectWorld();
    const theirs = await projectWorld();
    const url = `/v2/threads?ids=${ids(theirs.threadId, mine.threadId, 'ZZZZZZZZ')}`;
    const own = ContractThreads.parse((await call('GET', url, mine.owner.pat)).json());
    expect(own.map((t) => t.id)).toEqual([mine.threadId]);
    const all = ContractThreads.parse((await call('GET', url, actors.moderator.pat)).json());
    expect(all.map((t) => t.id)).toEqual([theirs.threadId, mine.threadId]);
    expect((await call('GET', '/v2/threads?ids=oops', actors.moderator.pat)).statusCode).toBe(400);
  });
});

describe('report threads', () => {
  async function fileReport(reporter: TestUser) {
    const response = await call('POST', '/v2/report', reporter.pat, { report_type: 'spam', item_type: 'user', item_id: actors.creator.username, body: 'Spam.' });
    expect(response.statusCode, response.body).toBe(200);
    return ContractReport.parse(response.json());
  }

  it("are the reporter's and moderators'; a moderator's reply notifies the reporter; closed ones refuse the reporter", async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await fileReport(reporter);
    expect((await call('GET', `/v2/thread/${filed.thread_id}`, actors.creator.pat)).statusCode).toBe(404);

    await send(filed.thread_id, reporter, text('More details: see their profile.'));
    const replied = await send(filed.thread_id, actors.moderator, text('Thanks, we are looking into it.'));
    const reply = replied.messages.at(-1)!;
    expect(await notificationsOf(reporter.id)).toEqual([
      { type: 'report_submitted', report_id: filed.id },
      { type: 'moderator_message', thread_id: filed.thread_id, message_id: reply.id, project_id: null, report_id: filed.id },
    ]);
    const seen = await readThread(filed.thread_id, reporter);
    expect(seen.messages.map((m) => m.author_id)).toEqual([encodeBase62(reporter.id), null]);

    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);
    const refused = await call('POST', `/v2/thread/${filed.thread_id}`, reporter.pat, text('Wait!'));
    expect(refused.statusCode).toBe(400);
    await send(filed.thread_id, actors.moderator, text('Closing note.'));
  });
});

describe('DELETE /v2/message/{id}', () => {
  it('lets the author or a moderator blank a message, keeping whether it was private', async () => {
    const { owner, member, threadId } = await projectWorld();
    const [own, other] = (await send(threadId, member, text('Oops, wrong thread.'))).messages.concat((await send(threadId, owner, text('Owner speaking.'))).messages.slice(-1));
    const note = (await send(threadId, actors.moderator, text('Note.', { private: true }))).messages.at(-1)!;

    expect((await call('DELETE', `/v2/message/${other!.id}`, member.pat)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/message/${own!.id}`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/message/${note.id}`, owner.pat)).statusCode).toBe(404);
    expect((await call('DELETE', '/v2/message/ZZZZZZZZ', owner.pat)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/message/${own!.id}`, member.pat)).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/message/${note.id}`, actors.moderator.pat)).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/message/${own!.id}`, member.pat)).statusCode).toBe(400);

    const thread = await readThread(threadId, actors.moderator);
    expect(thread.messages.map((m) => m.body)).toEqual([
      { type: 'deleted', private: false },
      expect.objectContaining({ type: 'text', body: 'Owner speaking.' }),
      { type: 'deleted', private: true },
    ]);
    expect((await readThread(threadId, owner)).messages).toHaveLength(2);
  });
});
