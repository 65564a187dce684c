import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { NotificationSettingsSchema } from '@cairn/shared/schemas/notification-settings';
import { createTestContext, type TestContext } from '../harness.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { insertProject } from '../factories/catalogue.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { startWorker, untilJobCompleted } from '../helpers/jobs.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';
import { mailOutbox } from '../../src/db/schema/auth.js';
import { notifications } from '../../src/db/schema/trust.js';
import type { JobRunner } from '../../src/lib/jobs/job-runner.js';
import { EMAIL_DIGEST_JOB, digestMark, sendDueEmailDigests } from '../../src/modules/notifications/email-digest.js';

// The email digest of followed projects' new versions (docs/api/catalogue.md, "Email digest"):
// the setting through the API, versions published through the API and announced by the worker's
// fan-out (so follow filters apply), and the hourly digest job run by two workers whose clock the
// test moves, asserted through the mail outbox.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let creator: TestUser;
const workers: JobRunner[] = [];
/** How far the workers' clock is ahead of the real one. */
let clockOffsetMs = 0;
const clock = () => new Date(Date.now() + clockOffsetMs);

beforeAll(async () => {
  // The API only enqueues; the two workers below run every job (the fan-out included).
  ctx = await createTestContext({ jobs: 'queue' });
  creator = await insertUserWithTokens(ctx.database.db, { username: 'DigestCreator' });
  for (let i = 0; i < 2; i++) workers.push(await startWorker(ctx, clock));
}, 120_000);
afterAll(async () => {
  for (const worker of workers) await worker.stop();
  await ctx?.close();
});

const call = testClient(() => ctx.app);

async function setDigest(user: TestUser, period: string) {
  const response = await call('PATCH', `/v2/user/${user.username}/notification_settings`, user.pat, { email_digest: period });
  expect(response.statusCode, response.body).toBe(200);
  return NotificationSettingsSchema.strict().parse(response.json());
}

async function follow(user: TestUser, projectKey: string, body?: object) {
  const response = await call('POST', `/v2/project/${projectKey}/follow`, user.pat, body);
  expect(response.statusCode, response.body).toBe(204);
}

async function publish(projectKey: string, versionNumber: string, loaders: string[]): Promise<string> {
  const response = await postVersion(ctx.app, creator.pat, versionData(projectKey, { version_number: versionNumber, loaders, game_versions: ['1.20.1'] }), [
    { part: 'file', filename: `v${versionNumber}.jar`, bytes: jar(`digest-${projectKey}-${versionNumber}`) },
  ]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

/** Waits until the fan-out told `user` of every one of `versionIds`. */
async function untilNotified(user: TestUser, versionIds: string[]) {
  await eventually(
    async () => {
      const response = await call('GET', `/v2/user/${user.username}/notifications`, user.pat);
      const have = new Set(response.json<{ body: { version_id?: string } }[]>().map((n) => n.body.version_id));
      return versionIds.every((id) => have.has(id)) ? true : undefined;
    },
    20_000,
    `${user.username} notified of ${versionIds.join(', ')}`,
  );
}

/** Runs the digest sweep on both workers at once, twice each, at the workers' clock. */
async function sweep() {
  const ids = await Promise.all(workers.flatMap((worker) => [worker.send(EMAIL_DIGEST_JOB, {}), worker.send(EMAIL_DIGEST_JOB, {})]));
  for (const id of ids) await untilJobCompleted(workers[0]!, EMAIL_DIGEST_JOB, id!);
}

const mailsTo = (user: TestUser) =>
  ctx.database.db
    .select({ kind: mailOutbox.kind, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html, link: mailOutbox.link })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, user.email))
    .orderBy(asc(mailOutbox.id));

describe('the email digest setting', () => {
  it('is off by default, changes through the API and reads back, for the user only', async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const read = await call('GET', `/v2/user/${user.username}/notification_settings`, user.pat);
    expect(read.statusCode, read.body).toBe(200);
    expect(NotificationSettingsSchema.strict().parse(read.json())).toEqual({ email_digest: 'off', email_digest_active: false });
    expect(await setDigest(user, 'weekly')).toEqual({ email_digest: 'weekly', email_digest_active: true });
    const unchanged = await call('PATCH', `/v2/user/${user.username}/notification_settings`, user.pat, {});
    expect(unchanged.json()).toEqual({ email_digest: 'weekly', email_digest_active: true });

    for (const body of [{ email_digest: 'hourly' }, { email_digest: null }, { email_digest: 'daily', extra: true }]) {
      const refused = await call('PATCH', `/v2/user/${user.username}/notification_settings`, user.pat, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      const error = ErrorBodySchema.parse(refused.json());
      expect(error.error).toBe('invalid_input');
      expect(error.description).toMatch(/email_digest|extra/);
    }
    expect((await call('GET', `/v2/user/${user.username}/notification_settings`, user.pat)).json()).toMatchObject({ email_digest: 'weekly' });

    const stranger = await insertUserWithTokens(ctx.database.db);
    expect((await call('GET', `/v2/user/${user.username}/notification_settings`, stranger.pat)).statusCode).toBe(401);
    expect((await call('PATCH', `/v2/user/${user.username}/notification_settings`, stranger.pat, { email_digest: 'off' })).statusCode).toBe(401);
    const readOnly = await createPat(ctx.database.db, user.id, scopeBits('USER_READ'));
    expect((await call('PATCH', `/v2/user/${user.username}/notification_settings`, readOnly, { email_digest: 'off' })).statusCode).toBe(401);
  });
});

describe('the digest job', () => {
  it('mails a daily subscriber exactly the versions their follow filters let through, once', async () => {
    const db = ctx.database.db;
    const plain = await insertProject(db, { ownerId: creator.id, slug: 'digest-plain', title: 'Plain <Project> & Co' });
    const filtered = await insertProject(db, { ownerId: creator.id, slug: 'digest-filtered', title: 'Filtered Project' });
    const fan = await insertUserWithTokens(db, { username: 'DigestFan' });
    const witness = await insertUserWithTokens(db);
    expect(await setDigest(fan, 'daily')).toEqual({ email_digest: 'daily', email_digest_active: true });
    await follow(fan, plain.key);
    await follow(fan, filtered.key, { loaders: ['fabric'] });
    await follow(witness, filtered.key);

    const plainVersion = await publish(plain.key, '1.0.0', ['forge']);
    const fabric = await publish(filtered.key, '2.0.0-fabric', ['fabric']);
    const neoforge = await publish(filtered.key, '2.0.0-neoforge', ['neoforge']);
    // The unfiltered witness hears of both versions of the filtered project: every fan-out has run.
    await untilNotified(witness, [fabric, neoforge]);
    await untilNotified(fan, [plainVersion, fabric]);

    // Not a day since the fan subscribed: nothing yet.
    clockOffsetMs = 0;
    await sweep();
    expect(await mailsTo(fan)).toEqual([]);

    // A day later, two workers sweeping twice each at once: one digest.
    clockOffsetMs = 25 * HOUR;
    await sweep();
    const mails = await mailsTo(fan);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const site = ctx.config.publicSiteUrl;
    expect(mail!.kind).toBe('email_digest');
    expect(mail!.subject).toBe('2 new versions of projects you follow');
    expect(mail!.text).toContain(`${site}/mod/digest-plain/version/${plainVersion}`);
    expect(mail!.text).toContain(`${site}/mod/digest-filtered/version/${fabric}`);
    expect(mail!.text).not.toContain(neoforge);
    expect(mail!.text).toContain('Plain <Project> & Co');
    expect(mail!.html).toContain('Plain &lt;Project&gt; &amp; Co');
    expect(mail!.html).toContain(`href="${site}/mod/digest-filtered/version/${fabric}"`);
    expect(mail!.html).not.toContain(neoforge);
    expect(mail!.link).toBe(`${site}/settings/notifications`);
    expect(mail!.html).toContain(`href="${site}/settings/notifications"`);

    // Again at the same time: nothing. A day later with nothing new: nothing.
    await sweep();
    clockOffsetMs = 49 * HOUR;
    await sweep();
    expect(await mailsTo(fan)).toHaveLength(1);

    // Something new, two days on: the next digest has only it. The workers' clock is ahead of the
    // database's, so the notification is dated to the workers' present, as it would be.
    const next = await publish(plain.key, '1.1.0', ['forge']);
    await untilNotified(fan, [next]);
    await db
      .update(notifications)
      .set({ created: new Date(Date.now() + 50 * HOUR) })
      .where(and(eq(notifications.userId, fan.id), sql`${notifications.body}->>'version_id' = ${next}`));
    clockOffsetMs = 73 * HOUR;
    await sweep();
    const later = await mailsTo(fan);
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe('A project you follow has a new version');
    expect(later[1]!.text).toContain(next);
    expect(later[1]!.text).not.toContain(plainVersion);
    clockOffsetMs = 0;
  });

  it('waits a week for a weekly subscriber', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: creator.id, slug: 'digest-weekly', title: 'Weekly Project' });
    const fan = await insertUserWithTokens(db);
    await setDigest(fan, 'weekly');
    await follow(fan, project.key);
    const version = await publish(project.key, '1.0.0', ['fabric']);
    await untilNotified(fan, [version]);

    clockOffsetMs = 25 * HOUR;
    await sweep();
    expect(await mailsTo(fan)).toEqual([]);
    clockOffsetMs = 6 * DAY + 23 * HOUR;
    await sweep();
    expect(await mailsTo(fan)).toEqual([]);
    // Called directly, four sweeps at once on separate connections: one digest.
    const written = await Promise.all(Array.from({ length: 4 }, () => sendDueEmailDigests({ db, config: ctx.config, queue: undefined }, new Date(Date.now() + 7 * DAY + HOUR))));
    const mails = await mailsTo(fan);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/mod/digest-weekly/version/${version}`);
    // (The hourly schedule may have written it already; never more than once.)
    expect(written.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(1);
    clockOffsetMs = 0;
  });

  it('sends nothing to an unverified address or with the digest off', async () => {
    const db = ctx.database.db;
    const project = await insertProject(db, { ownerId: creator.id, slug: 'digest-quiet', title: 'Quiet Project' });
    const unverified = await insertUserWithTokens(db, { emailVerified: false });
    const turnedOff = await insertUserWithTokens(db);
    const subscriber = await insertUserWithTokens(db);
    expect(await setDigest(unverified, 'daily')).toEqual({ email_digest: 'daily', email_digest_active: false });
    await setDigest(turnedOff, 'daily');
    expect(await setDigest(turnedOff, 'off')).toEqual({ email_digest: 'off', email_digest_active: false });
    await setDigest(subscriber, 'daily');
    for (const user of [unverified, turnedOff, subscriber]) await follow(user, project.key);
    const version = await publish(project.key, '1.0.0', ['fabric']);
    await untilNotified(unverified, [version]);
    await untilNotified(turnedOff, [version]);
    await untilNotified(subscriber, [version]);

    clockOffsetMs = 25 * HOUR;
    await sweep();
    // The sweep got past them: the verified subscriber has their digest.
    expect(await mailsTo(subscriber)).toHaveLength(1);
    expect(await mailsTo(unverified)).toEqual([]);
    expect(await mailsTo(turnedOff)).toEqual([]);
    clockOffsetMs = 0;
  });

  it('marks digests on the hour', () => {
    expect(digestMark(new Date('2026-03-04T09:07:31.250Z')).toISOString()).toBe('2026-03-04T09:00:00.000Z');
  });
});
