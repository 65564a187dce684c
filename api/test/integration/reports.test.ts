import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REOPENED_MESSAGE_TEXT } from '@cairn/shared/schemas/threads';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertProject, insertVersion } from '../factories/catalogue.js';
import { ContractReport, ContractReports, ContractThread, ContractThreads } from '../helpers/trust-contract.js';
import { notifications } from '../../src/db/schema/trust.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { scopeBits } from '@cairn/shared/constants/scopes';

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

async function report(user: TestUser, payload: object) {
  const response = await call('POST', '/v2/report', user.pat, payload);
  expect(response.statusCode, response.body).toBe(200);
  return ContractReport.parse(response.json());
}

async function freshProject(status = 'approved') {
  const owner = await insertUserWithTokens(ctx.database.db);
  const project = await insertProject(ctx.database.db, { ownerId: owner.id, status });
  return { owner, project };
}

describe('POST /v2/report', () => {
  it('files a report with its thread and tells the reporter it was received', async () => {
    const { project } = await freshProject();
    const reporter = await insertUserWithTokens(ctx.database.db);
    const created = await report(reporter, { report_type: 'spam', item_type: 'project', item_id: project.key, body: 'Every version is the same empty jar.' });
    expect(created).toMatchObject({ report_type: 'spam', item_type: 'project', item_id: project.key, reporter: encodeBase62(reporter.id), closed: false });
    expect(await notificationsOf(reporter.id)).toEqual([{ type: 'report_submitted', report_id: created.id }]);

    const thread = ContractThread.parse((await call('GET', `/v2/thread/${created.thread_id}`, reporter.pat)).json());
    expect(thread).toMatchObject({ id: created.thread_id, type: 'report', report_id: created.id, project_id: null, messages: [], members: [] });
  });

  it('accepts a project slug, a version id and a username as the item', async () => {
    const { owner, project } = await freshProject();
    const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: owner.id });
    const reporter = await insertUserWithTokens(ctx.database.db);
    expect((await report(reporter, { report_type: 'other', item_type: 'project', item_id: project.slug, body: 'By slug.' })).item_id).toBe(project.key);
    expect((await report(reporter, { report_type: 'malicious', item_type: 'version', item_id: version.key, body: 'Decompiled: it downloads a payload.' })).item_id).toBe(version.key);
    expect((await report(reporter, { report_type: 'spam', item_type: 'user', item_id: owner.username.toUpperCase(), body: 'Spams comments.' })).item_id).toBe(encodeBase62(owner.id));
  });

  it('refuses a second open report of the same item, naming the open one', async () => {
    const { project } = await freshProject();
    const reporter = await insertUserWithTokens(ctx.database.db);
    const first = await report(reporter, { report_type: 'spam', item_type: 'project', item_id: project.key, body: 'First.' });
    const again = await call('POST', '/v2/report', reporter.pat, { report_type: 'copyright', item_type: 'project', item_id: project.slug, body: 'Second.' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'already_reported', description: expect.stringContaining(first.id) });
    // Someone else may still report it, and once closed the reporter may again.
    await report(actors.user, { report_type: 'spam', item_type: 'project', item_id: project.key, body: 'Mine.' });
    expect((await call('PATCH', `/v2/report/${first.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);
    await report(reporter, { report_type: 'spam', item_type: 'project', item_id: project.key, body: 'Still spam.' });
  });

  it('names the field when the reason or the item is wrong', async () => {
    const { owner, project } = await freshProject('draft');
    const cases: Array<[object, string]> = [
      [{ report_type: 'boring', item_type: 'project', item_id: 'AAAAAAAA', body: 'x' }, "'report_type'"],
      [{ report_type: 'spam', item_type: 'project', item_id: 'AAAAAAAA', body: 'x' }, "'item_id'"],
      // A hidden project is unknown to outsiders.
      [{ report_type: 'spam', item_type: 'project', item_id: project.key, body: 'x' }, "'item_id'"],
      [{ report_type: 'spam', item_type: 'user', item_id: 'nobody-at-all', body: 'x' }, "'item_id'"],
      [{ report_type: 'spam', item_type: 'version', item_id: 'not an id', body: 'x' }, "'item_id'"],
      [{ report_type: 'spam', item_type: 'collection', item_id: 'AAAAAAAA', body: 'x' }, "'item_type'"],
      [{ report_type: 'spam', item_type: 'user', item_id: owner.username, body: '   ' }, "'body'"],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/v2/report', actors.stranger.pat, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ description: string }>().description).toContain(field);
    }
  });

  it('needs an account and the REPORT_CREATE scope', async () => {
    const payload = { report_type: 'spam', item_type: 'user', item_id: actors.creator.username, body: 'x' };
    expect((await call('POST', '/v2/report', undefined, payload)).statusCode).toBe(401);
    const readOnly = await createPat(ctx.database.db, actors.stranger.id, scopeBits('REPORT_READ'));
    expect((await call('POST', '/v2/report', readOnly, payload)).statusCode).toBe(401);
  });
});

describe('reading reports', () => {
  it("lists one's own open reports oldest first; moderators list all with all=true", async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const items = await Promise.all([1, 2, 3].map(() => insertUserWithTokens(ctx.database.db)));
    const filed = [];
    for (const item of items) filed.push(await report(reporter, { report_type: 'spam', item_type: 'user', item_id: item.username, body: 'Spam.' }));
    await call('PATCH', `/v2/report/${filed[1]!.id}`, actors.moderator.pat, { closed: true });

    const own = ContractReports.parse((await call('GET', '/v2/report', reporter.pat)).json());
    expect(own.map((r) => r.id)).toEqual([filed[0]!.id, filed[2]!.id]);
    expect(ContractReports.parse((await call('GET', '/v2/report?count=1', reporter.pat)).json()).map((r) => r.id)).toEqual([filed[0]!.id]);
    // all=true means nothing for a non-moderator.
    expect(ContractReports.parse((await call('GET', '/v2/report?all=true', reporter.pat)).json())).toHaveLength(2);

    const all = ContractReports.parse((await call('GET', '/v2/report?all=true&count=1000', actors.moderator.pat)).json());
    expect(all.map((r) => r.id)).toEqual(expect.arrayContaining([filed[0]!.id, filed[2]!.id]));
    expect(all.map((r) => r.id)).not.toContain(filed[1]!.id);
    const created = all.map((r) => r.created);
    expect(created).toEqual([...created].sort());
    expect(ContractReports.parse((await call('GET', '/v2/report', actors.moderator.pat)).json())).toEqual([]);
    expect((await call('GET', '/v2/report?count=0', reporter.pat)).statusCode).toBe(400);
  });

  it('shows a report to its reporter and moderators only', async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await report(reporter, { report_type: 'other', item_type: 'user', item_id: actors.creator.username, body: 'Impersonation.' });
    expect(ContractReport.parse((await call('GET', `/v2/report/${filed.id}`, reporter.pat)).json())).toEqual(filed);
    expect(ContractReport.parse((await call('GET', `/v2/report/${filed.id}`, actors.moderator.pat)).json())).toEqual(filed);
    expect((await call('GET', `/v2/report/${filed.id}`, actors.stranger.pat)).statusCode).toBe(404);
    expect((await call('GET', `/v2/report/${filed.id}`, actors.creator.pat)).statusCode).toBe(404);
    expect((await call('GET', '/v2/report/ZZZZZZZZ', actors.moderator.pat)).statusCode).toBe(404);
    expect((await call('GET', `/v2/report/${filed.id}`)).statusCode).toBe(401);

    const other = await report(actors.stranger, { report_type: 'other', item_type: 'user', item_id: reporter.username, body: 'Retaliation?' });
    const url = `/v2/reports?ids=${ids(other.id, filed.id, 'ZZZZZZZZ')}`;
    expect(ContractReports.parse((await call('GET', url, reporter.pat)).json()).map((r) => r.id)).toEqual([filed.id]);
    expect(ContractReports.parse((await call('GET', url, actors.moderator.pat)).json()).map((r) => r.id)).toEqual([other.id, filed.id]);
    expect((await call('GET', '/v2/reports?ids=nope', reporter.pat)).statusCode).toBe(400);
  });
});

describe('PATCH /v2/report/{id}', () => {
  it('lets the reporter add details but not close or reopen', async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await report(reporter, { report_type: 'spam', item_type: 'user', item_id: actors.creator.username, body: 'Spam.' });
    expect((await call('PATCH', `/v2/report/${filed.id}`, reporter.pat, { body: 'Spam, see the links in the bio.' })).statusCode).toBe(204);
    expect(ContractReport.parse((await call('GET', `/v2/report/${filed.id}`, reporter.pat)).json()).body).toBe('Spam, see the links in the bio.');

    const close = await call('PATCH', `/v2/report/${filed.id}`, reporter.pat, { closed: true });
    expect(close.statusCode).toBe(400);
    expect(close.json()).toMatchObject({ error: expect.any(String), description: expect.any(String) });
    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.stranger.pat, { body: 'Hijack' })).statusCode).toBe(404);

    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);
    const reopen = await call('PATCH', `/v2/report/${filed.id}`, reporter.pat, { closed: false });
    expect(reopen.statusCode).toBe(400);
    expect(reopen.json<{ description: string }>().description).toBe('You cannot reopen a report!');
  });

  it('closing and reopening leave thread messages and notify the reporter', async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await report(reporter, { report_type: 'spam', item_type: 'user', item_id: actors.creator.username, body: 'Spam.' });
    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);
    // Closing twice changes nothing more.
    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);

    const closed = ContractThread.parse((await call('GET', `/v2/thread/${filed.thread_id}`, reporter.pat)).json());
    expect(closed.messages.map((m) => [m.body.type, m.author_id])).toEqual([['thread_closure', null]]);
    expect(ContractReport.parse((await call('GET', `/v2/report/${filed.id}`, reporter.pat)).json()).closed).toBe(true);
    expect(ContractReports.parse((await call('GET', '/v2/report', reporter.pat)).json())).toEqual([]);

    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: false })).statusCode).toBe(204);
    // `thread_reopen` is not in the contract's message enum: every v2 answer shows it as a public
    // text by nobody, to moderators and the reporter alike.
    for (const viewer of [actors.moderator, reporter]) {
      const reopened = ContractThread.parse((await call('GET', `/v2/thread/${filed.thread_id}`, viewer.pat)).json());
      expect(reopened.messages.map((m) => [m.body.type, m.author_id])).toEqual([
        ['thread_closure', viewer === reporter ? null : encodeBase62(actors.moderator.id)],
        ['text', null],
      ]);
      expect(reopened.messages[1]!.body).toEqual({ type: 'text', body: REOPENED_MESSAGE_TEXT, private: false, replying_to: null, associated_images: [] });
      const listed = ContractThreads.parse((await call('GET', `/v2/threads?ids=${ids(filed.thread_id)}`, viewer.pat)).json());
      expect(listed[0]!.messages[1]!.body.type).toBe('text');
    }
    expect(await notificationsOf(reporter.id)).toEqual([
      { type: 'report_submitted', report_id: filed.id },
      { type: 'report_status_updated', report_id: filed.id },
      { type: 'report_status_updated', report_id: filed.id },
    ]);
  });

  it('closing with a reply (reply, then close) leaves both in the thread and shuts it to the reporter', async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await report(reporter, { report_type: 'spam', item_type: 'user', item_id: actors.stranger.username, body: 'Spam again.' });
    const replied = await call('POST', `/v2/thread/${filed.thread_id}`, actors.moderator.pat, { body: { type: 'text', body: 'Handled, thank you.' } });
    expect(replied.statusCode, replied.body).toBe(200);
    expect((await call('PATCH', `/v2/report/${filed.id}`, actors.moderator.pat, { closed: true })).statusCode).toBe(204);

    const thread = ContractThread.parse((await call('GET', `/v2/thread/${filed.thread_id}`, reporter.pat)).json());
    expect(thread.messages.map((m) => [m.body.type, m.author_id])).toEqual([['text', null], ['thread_closure', null]]);
    expect(thread.messages[0]!.body).toMatchObject({ body: 'Handled, thank you.', private: false });
    expect((await notificationsOf(reporter.id)).map((n) => n.type)).toEqual(['report_submitted', 'moderator_message', 'report_status_updated']);
    const late = await call('POST', `/v2/thread/${filed.thread_id}`, reporter.pat, { body: { type: 'text', body: 'One more thing' } });
    expect(late.statusCode).toBe(400);
  });

  it('validates the body', async () => {
    const filed = await report(actors.user, { report_type: 'spam', item_type: 'user', item_id: actors.stranger.username, body: 'Spam.' });
    const response = await call('PATCH', `/v2/report/${filed.id}`, actors.user.pat, { closed: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ description: string }>().description).toContain("'closed'");
  });
});

describe('DELETE /v2/report/{id}', () => {
  it('is for moderators only and removes the report with its thread', async () => {
    const reporter = await insertUserWithTokens(ctx.database.db);
    const filed = await report(reporter, { report_type: 'spam', item_type: 'user', item_id: actors.creator.username, body: 'Spam.' });
    expect((await call('DELETE', `/v2/report/${filed.id}`, reporter.pat)).statusCode).toBe(401);
    expect((await call('DELETE', `/v2/report/${filed.id}`, actors.moderator.pat)).statusCode).toBe(204);
    expect((await call('GET', `/v2/report/${filed.id}`, actors.moderator.pat)).statusCode).toBe(404);
    expect((await call('GET', `/v2/thread/${filed.thread_id}`, actors.moderator.pat)).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/report/${filed.id}`, actors.moderator.pat)).statusCode).toBe(404);
  });
});
