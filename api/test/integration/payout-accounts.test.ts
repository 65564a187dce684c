import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { PayoutAccountsSchema, PayoutBalanceSchema, PayoutMethodSchema, WithdrawalSchema } from '@cairn/shared/schemas/payouts';
import { buildSandbox } from '@cairn/sandbox';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';
import { parseId } from '../../src/lib/ids.js';
import { ledgerEntries, payouts } from '../../src/db/schema/payouts.js';

/**
 * Payout accounts: where each withdrawal method sends money (a PayPal account, a Venmo handle,
 * the verified account email), who may see them, the withdrawals refused while one is missing,
 * and the recipient the sandbox processor records for each method.
 */
const SECRET = 'sk_sandbox_accounts_0123456789';
const WEBHOOK_SECRET = 'whsec_sandbox_accounts_0123456789';

let ctx: TestContext;
let sandbox: FastifyInstance;
let creator: TestUser;
let unverified: TestUser;
let stranger: TestUser;

const Accounts = PayoutAccountsSchema.strict();
const ErrorBody = ErrorBodySchema.strict();
const Withdrawal = WithdrawalSchema.strict();
const SandboxPayout = z.object({ id: z.string(), amount: z.number(), destination: z.string().nullable(), metadata: z.record(z.string(), z.string()) });

const call = testClient(() => ctx.app);

async function accounts(user: TestUser) {
  const response = await call('GET', '/v2/payout/accounts', user.pat);
  expect(response.statusCode, response.body).toBe(200);
  return Accounts.parse(response.json());
}
async function available(user: TestUser) {
  return PayoutBalanceSchema.strict().parse((await call('GET', '/v2/payout/balance', user.pat)).json()).available;
}
/** What the sandbox processor recorded for a withdrawal. */
async function sandboxPayoutOf(withdrawalId: string) {
  const [row] = await ctx.database.db.select({ providerId: payouts.providerId }).from(payouts).where(eq(payouts.id, parseId(withdrawalId)!));
  const response = await sandbox.inject({ method: 'GET', url: `/v1/payouts/${row!.providerId}`, headers: { authorization: `Bearer ${SECRET}` } });
  expect(response.statusCode).toBe(200);
  return SandboxPayout.parse(response.json());
}
const credit = (user: TestUser, cents: number) =>
  ctx.database.db.insert(ledgerEntries).values({ kind: 'credit', userId: user.id, amountCents: cents, availableAt: new Date(Date.now() - 86_400_000) });

beforeAll(async () => {
  // Payouts stay in transit (no settling, no webhooks): only what was sent matters here.
  sandbox = await buildSandbox({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, payouts: { settleAfterMs: null } });
  const address = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  ctx = await createTestContext({ env: { SANDBOX_URL: address, SANDBOX_SECRET_KEY: SECRET, SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET, PAYOUT_MINIMUM_CENTS: '500' } });
  const db = ctx.database.db;
  creator = await insertUserWithTokens(db);
  unverified = await insertUserWithTokens(db, { emailVerified: false });
  stranger = await insertUserWithTokens(db);
  await credit(creator, 20_000);
  await credit(unverified, 20_000);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

describe('payout accounts', () => {
  it('start empty, with the account email and whether it is verified', async () => {
    expect(await accounts(creator)).toEqual({ paypal: null, venmo: null, email: { address: creator.email, verified: true } });
    expect((await accounts(unverified)).email).toEqual({ address: unverified.email, verified: false });
  });

  it('are set and cleared field by field; a Venmo handle is kept as @name', async () => {
    const set = await call('PATCH', '/v2/payout/accounts', creator.pat, { paypal_email: 'wren.paypal@example.test', venmo_handle: 'wren_makes' });
    expect(set.statusCode, set.body).toBe(200);
    expect(Accounts.parse(set.json())).toMatchObject({ paypal: { email: 'wren.paypal@example.test' }, venmo: { handle: '@wren_makes' } });
    const cleared = await call('PATCH', '/v2/payout/accounts', creator.pat, { venmo_handle: null });
    expect(Accounts.parse(cleared.json())).toMatchObject({ paypal: { email: 'wren.paypal@example.test' }, venmo: null });
    await call('PATCH', '/v2/payout/accounts', creator.pat, { venmo_handle: '@wren-makes' });
    expect(await accounts(creator)).toMatchObject({ paypal: { email: 'wren.paypal@example.test' }, venmo: { handle: '@wren-makes' } });
  });

  it('refuses malformed values with a 400 naming the field, changing nothing', async () => {
    for (const [payload, field] of [
      [{ venmo_handle: '@abc' }, 'venmo_handle'],
      [{ venmo_handle: '@has space' }, 'venmo_handle'],
      [{ venmo_handle: 42 }, 'venmo_handle'],
      [{ paypal_email: 'not-an-email' }, 'paypal_email'],
    ] as const) {
      const response = await call('PATCH', '/v2/payout/accounts', creator.pat, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(ErrorBody.parse(response.json()).description).toContain(field);
    }
    expect(await accounts(creator)).toMatchObject({ paypal: { email: 'wren.paypal@example.test' }, venmo: { handle: '@wren-makes' } });
  });

  it('are seen and changed by their owner only, with the payout scopes', async () => {
    // The stranger's calls read and write the stranger's own accounts, never the creator's.
    expect(await accounts(stranger)).toMatchObject({ paypal: null, venmo: null });
    await call('PATCH', '/v2/payout/accounts', stranger.pat, { venmo_handle: '@stranger-here' });
    expect((await accounts(creator)).venmo).toEqual({ handle: '@wren-makes' });
    const profile = await call('GET', `/v2/user/${creator.username}`, stranger.pat);
    expect(profile.statusCode).toBe(200);
    expect(profile.body).not.toContain('wren.paypal@example.test');
    expect(profile.body).not.toContain('wren-makes');

    expect((await call('GET', '/v2/payout/accounts')).statusCode).toBe(401);
    expect((await call('PATCH', '/v2/payout/accounts', undefined, { venmo_handle: null })).statusCode).toBe(401);
    const readOnly = await createPat(ctx.database.db, creator.id, scopeBits('PAYOUTS_READ'));
    expect((await call('GET', '/v2/payout/accounts', readOnly)).statusCode).toBe(200);
    expect((await call('PATCH', '/v2/payout/accounts', readOnly, { venmo_handle: null })).statusCode).toBe(401);
    const noPayouts = await createPat(ctx.database.db, creator.id, scopeBits('USER_READ'));
    expect((await call('GET', '/v2/payout/accounts', noPayouts)).statusCode).toBe(401);
  });
});

describe('methods by region', () => {
  it('name the account each method pays to; Venmo only in the US', async () => {
    const us = z.array(PayoutMethodSchema.strict()).parse((await call('GET', '/v2/payout/methods?country=US', creator.pat)).json());
    expect(us.map((m) => [m.id, m.account])).toEqual([['sandbox', 'none'], ['paypal', 'paypal'], ['venmo', 'venmo'], ['tremendous', 'email']]);
    const de = z.array(PayoutMethodSchema.strict()).parse((await call('GET', '/v2/payout/methods?country=de', creator.pat)).json());
    expect(de.map((m) => m.id)).toEqual(['sandbox', 'paypal', 'tremendous']);
    const bad = await call('GET', '/v2/payout/methods?country=Germany', creator.pat);
    expect(bad.statusCode).toBe(400);
    expect(ErrorBody.parse(bad.json()).description).toContain('country');
  });
});

describe('withdrawals to payout accounts', () => {
  it('are refused with a 400 naming the missing account, taking nothing from the balance', async () => {
    const before = await available(unverified);
    const refusals = [
      ['paypal', 'paypal_account_missing', 'paypal_email'],
      ['venmo', 'venmo_handle_missing', 'venmo_handle'],
      ['tremendous', 'email_unverified', 'email'],
    ] as const;
    for (const [method, code, field] of refusals) {
      const response = await call('POST', '/v2/payout', unverified.pat, { amount: 1000, method_id: method, country: 'US', idempotency_key: `missing-${method}` });
      expect(response.statusCode, method).toBe(400);
      const body = ErrorBody.parse(response.json());
      expect(body.error).toBe(code);
      expect(body.description.startsWith(`${field}: `)).toBe(true);
    }
    const venmoAbroad = await call('POST', '/v2/payout', creator.pat, { amount: 1000, method_id: 'venmo', country: 'DE', idempotency_key: 'venmo-abroad' });
    expect(venmoAbroad.statusCode).toBe(400);
    expect(ErrorBody.parse(venmoAbroad.json()).description).toContain('method_id');
    expect(await available(unverified)).toBe(before);
  });

  it('send the money to the account through the processor, which records the recipient', async () => {
    const sent = [
      ['paypal', 'wren.paypal@example.test'],
      ['venmo', '@wren-makes'],
      ['tremendous', creator.email],
    ] as const;
    for (const [method, recipient] of sent) {
      const response = await call('POST', '/v2/payout', creator.pat, { amount: 1000, method_id: method, country: 'US', idempotency_key: `to-account-${method}` });
      expect(response.statusCode, response.body).toBe(200);
      const withdrawal = Withdrawal.parse(response.json());
      expect(withdrawal).toMatchObject({ status: 'in-transit', method_type: 'sandbox', method_id: method, method_address: recipient });
      const recorded = await sandboxPayoutOf(withdrawal.id);
      expect(recorded.destination).toBe(recipient);
      expect(recorded.metadata).toMatchObject({ reference: withdrawal.id, method });
      expect(recorded.amount).toBe(1000 - withdrawal.fee);
    }
    expect(await available(creator)).toBe(17_000);
  });

  it('keep the recipient of a withdrawal when the account changes later', async () => {
    const first = Withdrawal.parse((await call('POST', '/v2/payout', creator.pat, { amount: 600, method_id: 'paypal', idempotency_key: 'keeps-recipient' })).json());
    await call('PATCH', '/v2/payout/accounts', creator.pat, { paypal_email: 'new.paypal@example.test' });
    const replay = Withdrawal.parse((await call('POST', '/v2/payout', creator.pat, { amount: 600, method_id: 'paypal', idempotency_key: 'keeps-recipient' })).json());
    expect(replay).toMatchObject({ id: first.id, method_address: 'wren.paypal@example.test' });
    expect((await sandboxPayoutOf(first.id)).destination).toBe('wren.paypal@example.test');
  });
});
