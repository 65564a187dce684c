import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { scopeBits } from '@cairn/shared/constants/scopes';
import {
  PayoutBalanceSchema,
  PayoutCreditSchema,
  PayoutFeesSchema,
  PayoutMethodSchema,
  RevenueAnalyticsSchema,
  UserPayoutHistorySchema,
  WithdrawalSchema,
} from '@cairn/shared/schemas/payouts';
import { NotificationSchema } from '@cairn/shared/schemas/notifications';
import { buildSandbox } from '@cairn/sandbox';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject } from '../factories/catalogue.js';
import { encodeBase62 } from '../../src/lib/ids.js';
import { projectDownloadDays } from '../../src/db/schema/download-stats.js';
import { ledgerEntries, revenueDays } from '../../src/db/schema/payouts.js';
import { notifications } from '../../src/db/schema/trust.js';
import { announceAvailableCredits, countedDownloadsUsage, createRevenueDistribution } from '../../src/modules/payouts/payouts.port.js';
import { monetizableUsageForDay } from '../../src/modules/analytics/analytics.port.js';
import { ANALYTICS_KIND, analyticsDailyTotals } from '../../src/db/schema/analytics.js';

const SECRET = 'sk_sandbox_test_0123456789';
const WEBHOOK_SECRET = 'whsec_sandbox_test_0123456789';
const DAY = 86_400_000;
const HOLDING_DAYS = 30;

let ctx: TestContext;
let sandbox: FastifyInstance;
let creator: TestUser;
let partner: TestUser;
let stranger: TestUser;
let projectKey: string;
let draftKey: string;

const Withdrawal = WithdrawalSchema.strict();
const Balance = PayoutBalanceSchema.strict();
const History = z.array(z.union([WithdrawalSchema.strict(), PayoutCreditSchema.strict()]));

const call = testClient(() => ctx.app);
const midnight = (daysAgo: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY);
};
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const distribution = () => createRevenueDistribution({ db: ctx.database.db, usage: countedDownloadsUsage, poolDailyCents: 0, creatorShareBps: 7500, holdingDays: HOLDING_DAYS });

async function balance(user: TestUser) {
  const response = await call('GET', '/v2/payout/balance', user.pat);
  expect(response.statusCode, response.body).toBe(200);
  return Balance.parse(response.json());
}
async function withdraw(user: TestUser, amount: number, key: string) {
  return call('POST', '/v2/payout', user.pat, { amount, method_id: 'sandbox', idempotency_key: key });
}
async function withdrawal(user: TestUser, id: string) {
  const response = await call('GET', '/v2/payout/history', user.pat);
  expect(response.statusCode, response.body).toBe(200);
  return History.parse(response.json()).find((item) => item.type === 'withdrawal' && item.id === id);
}
/** Settles every payout in transit and waits for the webhooks to reach the API. */
async function settleSandbox() {
  const response = await sandbox.inject({ method: 'POST', url: '/v1/payouts/_advance', headers: { authorization: `Bearer ${SECRET}` } });
  expect(response.statusCode).toBe(200);
  await sandbox.flushPayoutWebhooks();
}

beforeAll(async () => {
  sandbox = await buildSandbox({
    secretKey: SECRET,
    webhookSecret: WEBHOOK_SECRET,
    payouts: {
      webhookUrl: 'http://api.invalid/v2/payout/_sandbox',
      settleAfterMs: null,
      // The API under test is not listening: webhooks are handed to it in-process.
      deliver: async (_url, body, headers) => (await call('POST', '/v2/payout/_sandbox', headers, body)).statusCode,
      webhookRetryBaseMs: 50,
    },
  });
  const address = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  ctx = await createTestContext({
    env: { SANDBOX_URL: address, SANDBOX_SECRET_KEY: SECRET, SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET, REVENUE_HOLDING_DAYS: String(HOLDING_DAYS), PAYOUT_MINIMUM_CENTS: '500' },
  });
  const db = ctx.database.db;
  creator = await insertUserWithTokens(db);
  partner = await insertUserWithTokens(db);
  stranger = await insertUserWithTokens(db);
  // The creator (split 100) and a partner (split 50, no VIEW_PAYOUTS) share one project.
  const project = await insertProject(db, { ownerId: creator.id, status: 'approved' });
  await addTeamMember(db, project.teamId, partner.id, { payoutsSplit: 50, permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
  projectKey = encodeBase62(project.id);
  // Another monetized project with three times the usage, and a draft one that earns nothing.
  const other = await insertProject(db, { ownerId: stranger.id, status: 'approved' });
  const draft = await insertProject(db, { ownerId: creator.id, status: 'draft' });
  draftKey = encodeBase62(draft.id);
  // Two old days (past the holding period) and yesterday (pending).
  for (const daysAgo of [40, 35, 1]) {
    const day = isoDay(midnight(daysAgo));
    await db.insert(projectDownloadDays).values([
      { projectId: project.id, day, downloads: 100 },
      { projectId: other.id, day, downloads: 300 },
      { projectId: draft.id, day, downloads: 1000 },
    ]);
  }
  for (const daysAgo of [40, 35]) await distribution().distributeDay(midnight(daysAgo), 20_000);
  await distribution().distributeDay(midnight(1), 10_001);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

describe('distribution into the ledger', () => {
  it('accounts for every cent of each day: pool = credits + platform share', async () => {
    for (const [daysAgo, pool] of [[40, 20_000], [35, 20_000], [1, 10_001]] as const) {
      const day = isoDay(midnight(daysAgo));
      const rows = await ctx.database.db.select({ kind: ledgerEntries.kind, amount: ledgerEntries.amountCents }).from(ledgerEntries).where(eq(ledgerEntries.day, day));
      expect(rows.reduce((acc, r) => acc + r.amount, 0)).toBe(pool);
      const [record] = await ctx.database.db.select().from(revenueDays).where(eq(revenueDays.day, day));
      expect(record!.creditedCents + record!.platformCents).toBe(pool);
      expect(rows.filter((r) => r.kind === 'platform').reduce((acc, r) => acc + r.amount, 0)).toBe(record!.platformCents);
    }
  });

  it('is idempotent per day: a second run changes nothing', async () => {
    const before = await balance(creator);
    const again = await distribution().distributeDay(midnight(1), 10_001);
    expect(again.distributed).toBe(false);
    expect(await balance(creator)).toEqual(before);
  });

  it('credits by usage and payouts split, to the cent, with the holding period', async () => {
    // 20000 × 75% = 15000; the shared project has 100 of 400 monetized downloads → 3750: creator 2500, partner 1250.
    // Yesterday: 10001 × 75% = 7500 → 1875: creator 1250, partner 625 (pending until the holding period ends).
    const creatorBalance = await balance(creator);
    expect(creatorBalance).toMatchObject({ available: 5000, pending: 1250, earned_lifetime: 6250, withdrawn_lifetime: 0 });
    expect(Object.values(creatorBalance.dates)).toEqual([1250]);
    const releaseDate = new Date(Object.keys(creatorBalance.dates)[0]!);
    expect(releaseDate.getTime()).toBe(midnight(1).getTime() + (HOLDING_DAYS + 1) * DAY);
    expect(await balance(partner)).toMatchObject({ available: 2500, pending: 625 });
    // The other project has 300 of 400: 11250 a day.
    expect(await balance(stranger)).toMatchObject({ available: 22_500, pending: 5625 });
  });

  it('announces credits once they become available (payout_available)', async () => {
    await announceAvailableCredits(ctx.database.db);
    const rows = await ctx.database.db.select({ body: notifications.body }).from(notifications).where(eq(notifications.userId, creator.id));
    const bodies = rows.map((r) => r.body).filter((b) => b.type === 'payout_available');
    expect(bodies.map((b) => (b.type === 'payout_available' ? b.amount : 0)).sort()).toEqual([2500, 2500]);
    expect(await announceAvailableCredits(ctx.database.db)).toBe(0);
    // As read through the API, each points at the revenue page.
    const listed = await call('GET', `/v2/user/${encodeBase62(creator.id)}/notifications`, creator.session);
    expect(listed.statusCode, listed.body).toBe(200);
    const announced = z.array(NotificationSchema.strict()).parse(listed.json()).filter((n) => n.body.type === 'payout_available');
    expect(announced.map((n) => [n.title, n.link])).toEqual([
      ['Revenue available', '/dashboard/revenue'],
      ['Revenue available', '/dashboard/revenue'],
    ]);
  });
});

describe('withdrawals', () => {
  it('lists the sandbox method and previews its fee', async () => {
    const methods = await call('GET', '/v2/payout/methods?country=US', creator.pat);
    expect(methods.statusCode).toBe(200);
    const [method] = z.array(PayoutMethodSchema.strict()).parse(methods.json());
    expect(method).toMatchObject({ id: 'sandbox', min_amount: 500 });
    const fees = await call('POST', '/v2/payout/fees', creator.pat, { amount: 1000, method_id: 'sandbox' });
    expect(PayoutFeesSchema.strict().parse(fees.json())).toEqual({ amount: 1000, fee: 0, net_usd: 1000, exchange_rate: null });
  });

  it('refuses less than the minimum and more than the available balance, naming the field', async () => {
    const small = await withdraw(creator, 499, 'too-small-1');
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ error: 'invalid_input', description: expect.stringContaining('amount') });
    const large = await withdraw(creator, 5001, 'too-large-1');
    expect(large.statusCode).toBe(400);
    expect(large.json().description).toContain('amount');
    const method = await call('POST', '/v2/payout', creator.pat, { amount: 600, method_id: 'gold-bars', idempotency_key: 'bad-method-1' });
    expect(method.statusCode).toBe(400);
    expect(method.json().description).toContain('method_id');
    expect((await balance(creator)).available).toBe(5000);
  });

  it('goes in transit, then to success through the sandbox; a replayed key answers the same withdrawal', async () => {
    const first = await withdraw(creator, 1000, 'withdraw-success-1');
    expect(first.statusCode, first.body).toBe(200);
    const created = Withdrawal.parse(first.json());
    expect(created).toMatchObject({ status: 'in-transit', amount: 1000, fee: 0, method_type: 'sandbox' });
    const replay = Withdrawal.parse((await withdraw(creator, 1000, 'withdraw-success-1')).json());
    expect(replay.id).toBe(created.id);
    const reused = await withdraw(creator, 700, 'withdraw-success-1');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().description).toContain('idempotency_key');
    expect((await balance(creator)).available).toBe(4000);

    await settleSandbox();
    expect(await withdrawal(creator, created.id)).toMatchObject({ status: 'success' });
    expect(await balance(creator)).toMatchObject({ available: 4000, withdrawn_lifetime: 1000, withdrawn_ytd: 1000 });
  });

  it('gives the money back when the processor fails the payout (amounts ending in 13 cents)', async () => {
    const created = Withdrawal.parse((await withdraw(creator, 1013, 'withdraw-fails-1')).json());
    expect((await balance(creator)).available).toBe(2987);
    await settleSandbox();
    expect(await withdrawal(creator, created.id)).toMatchObject({ status: 'failed' });
    expect(await balance(creator)).toMatchObject({ available: 4000, withdrawn_lifetime: 1000 });
  });

  it('cancels while in transit (cancelling, then cancelled with the money back) and not after', async () => {
    const created = Withdrawal.parse((await withdraw(creator, 2000, 'withdraw-cancel-1')).json());
    expect(await call('DELETE', `/v2/payout/${created.id}`, stranger.pat).then((r) => r.statusCode)).toBe(404);
    const cancel = await call('DELETE', `/v2/payout/${created.id}`, creator.pat);
    expect(cancel.statusCode, cancel.body).toBe(204);
    await sandbox.flushPayoutWebhooks();
    expect(await withdrawal(creator, created.id)).toMatchObject({ status: 'cancelled' });
    expect((await balance(creator)).available).toBe(4000);
    const again = await call('DELETE', `/v2/payout/${created.id}`, creator.pat);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('not_cancellable');
  });

  it('refuses webhooks without a valid signature and ignores replays of a settled one', async () => {
    const forged = await call('POST', '/v2/payout/_sandbox', { 'cairn-sandbox-signature': 't=1,v1=00' }, { id: 'evt_x', type: 'payout.failed', created: 0, data: { id: 'po_x', status: 'failed', failure_code: null } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('invalid_signature');
    expect((await balance(creator)).available).toBe(4000);
  });

  it('needs PAYOUTS_WRITE to withdraw and PAYOUTS_READ to read', async () => {
    const readOnly = await createPat(ctx.database.db, creator.id, scopeBits('PAYOUTS_READ'));
    expect((await call('GET', '/v2/payout/balance', readOnly)).statusCode).toBe(200);
    expect((await call('POST', '/v2/payout', readOnly, { amount: 600, method_id: 'sandbox', idempotency_key: 'scope-check-1' })).statusCode).toBe(401);
    expect((await call('GET', '/v2/payout/balance')).statusCode).toBe(401);
  });
});

describe('revenue analytics', () => {
  it('answers the caller’s revenue per project and day, omitting projects without VIEW_PAYOUTS', async () => {
    const start = new Date(midnight(41)).toISOString();
    const end = new Date(midnight(0)).toISOString();
    const url = `/v2/analytics/revenue?start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`;
    const mine = RevenueAnalyticsSchema.parse((await call('GET', url, creator.pat)).json());
    // Every project of the caller's with VIEW_PAYOUTS; the draft one earned nothing.
    expect(Object.keys(mine).sort()).toEqual([projectKey, draftKey].sort());
    expect(Object.values(mine[draftKey]!).every((cents) => cents === 0)).toBe(true);
    const series = mine[projectKey]!;
    expect(series[String(midnight(40).getTime() / 1000)]).toBe(2500);
    expect(series[String(midnight(1).getTime() / 1000)]).toBe(1250);
    expect(Object.values(series).reduce((a, b) => a + b, 0)).toBe(6250);
    const partnerView = RevenueAnalyticsSchema.parse((await call('GET', `${url}&project_ids=${encodeURIComponent(JSON.stringify([projectKey]))}`, partner.pat)).json());
    expect(partnerView).toEqual({});
  });
});

describe('v2 contract: /user/{id}/payouts', () => {
  it('answers the history of the caller only', async () => {
    const response = await call('GET', `/v2/user/${encodeBase62(creator.id)}/payouts`, creator.pat);
    expect(response.statusCode).toBe(200);
    const history = UserPayoutHistorySchema.strict().parse(response.json());
    expect(history.all_time).toBe('62.50');
    expect(history.payouts.map((p) => p.status).sort()).toEqual(['cancelled', 'failed', 'success']);
    expect((await call('GET', `/v2/user/${creator.username}/payouts`, stranger.pat)).statusCode).toBe(401);
    expect((await call('GET', '/v2/user/no-such-user-here/payouts', stranger.pat)).statusCode).toBe(404);
  });

  it('withdraws by query amount (cents) with 204, within the same rules', async () => {
    expect((await call('POST', `/v2/user/${encodeBase62(partner.id)}/payouts?amount=100000`, partner.pat)).statusCode).toBe(400);
    const response = await call('POST', `/v2/user/${encodeBase62(partner.id)}/payouts?amount=600`, partner.pat);
    expect(response.statusCode, response.body).toBe(204);
    expect((await balance(partner)).available).toBe(1900);
    expect((await call('POST', `/v2/user/${encodeBase62(partner.id)}/payouts?amount=600`, creator.pat)).statusCode).toBe(401);
  });
});

describe('organization-owned projects', () => {
  it('pays the organization team by their splits', async () => {
    const db = ctx.database.db;
    const owner = await insertUserWithTokens(db);
    const colleague = await insertUserWithTokens(db);
    const helper = await insertUserWithTokens(db);
    const organization = await insertOrganization(db, { ownerId: owner.id });
    await addTeamMember(db, organization.teamId, colleague.id, { payoutsSplit: 300 });
    await addTeamMember(db, organization.teamId, helper.id, { payoutsSplit: 100 });
    const project = await insertProject(db, { ownerId: owner.id, status: 'approved', organizationId: organization.id });
    const day = midnight(50);
    await db.insert(projectDownloadDays).values({ projectId: project.id, day: isoDay(day), downloads: 10 });
    const result = await distribution().distributeDay(day, 401);
    // 401 × 75% = 300, all to this project (the only usage that day): splits 0 (owner), 300 and 100.
    expect(result).toMatchObject({ distributed: true, creditedCents: 300, platformCents: 101 });
    expect(await balance(owner)).toMatchObject({ available: 0 });
    expect(await balance(colleague)).toMatchObject({ available: 225 });
    expect(await balance(helper)).toMatchObject({ available: 75 });
  });
});

describe('usage from the analytics roll-ups', () => {
  it('weighs monetizable views + downloads; unmonetized ones earn nothing', async () => {
    const db = ctx.database.db;
    const viewer = await insertUserWithTokens(db);
    const downloader = await insertUserWithTokens(db);
    const viewed = await insertProject(db, { ownerId: viewer.id, status: 'approved' });
    const downloaded = await insertProject(db, { ownerId: downloader.id, status: 'approved' });
    const day = midnight(60);
    const row = (kind: number, projectId: number, count: number, monetizedCount: number) => ({ kind, projectId, bucket: day, count, monetizedCount });
    await db.insert(analyticsDailyTotals).values([
      row(ANALYTICS_KIND.view, viewed.id, 1031, 31),
      row(ANALYTICS_KIND.download, downloaded.id, 9, 9),
    ]);
    const result = await createRevenueDistribution({ db, usage: monetizableUsageForDay, poolDailyCents: 0, creatorShareBps: 7500, holdingDays: HOLDING_DAYS }).distributeDay(day, 1000);
    // 750 for creators: 31 views against 9 downloads → 581.25 and 168.75; the larger remainder gets the leftover cent.
    expect(result).toMatchObject({ distributed: true, creditedCents: 750, platformCents: 250 });
    expect((await balance(viewer)).available).toBe(581);
    expect((await balance(downloader)).available).toBe(169);
  });
});
