import { PROJECT_PERMISSIONS, hasPermission } from '@cairn/shared/constants/permissions';
import type { CreatePayoutBody, PayoutBalance, PayoutFees, PayoutHistoryItem, PayoutMethod, UserPayoutHistory, Withdrawal } from '@cairn/shared/schemas/payouts';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import { listProjectAccess } from '../access/project.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import { feeFor, WebhookSignatureError, type PayoutEvent, type PayoutProvider } from './providers/payout-provider.js';
import { recipientFor } from './payout-accounts.service.js';
import * as repo from './payouts.repository.js';
import { toCredit, toWithdrawal, usdText } from './payouts.mapper.js';

export interface PayoutsServiceDeps {
  db: Database;
  /** Undefined when no processor is configured: no method is offered. */
  provider: PayoutProvider | undefined;
  minimumWithdrawalCents: number;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const FINAL = new Set(['success', 'failed', 'cancelled']);

export function createPayoutsService(deps: PayoutsServiceDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  const methods = (country: string): PayoutMethod[] =>
    (deps.provider?.listMethods(country.toUpperCase()) ?? []).map((m) => ({ ...m, min_amount: Math.max(m.min_amount, deps.minimumWithdrawalCents) }));

  const findMethod = (methodId: string, country = 'US'): PayoutMethod => {
    const method = methods(country).find((m) => m.id === methodId);
    if (!method) throw badRequest(`method_id: no payout method "${methodId}" is offered in ${country.toUpperCase()}`);
    return method;
  };

  const checkAmount = (amount: number, method: PayoutMethod) => {
    if (amount < method.min_amount) throw badRequest(`amount: the smallest withdrawal is ${usdText(method.min_amount)} USD (${method.min_amount} cents)`);
    if (amount > method.max_amount) throw badRequest(`amount: the largest withdrawal by this method is ${usdText(method.max_amount)} USD`);
  };

  /** Moves a withdrawal to a new status if the state machine allows it; failures give the money back. */
  async function transition(payoutId: number, status: 'success' | 'failed' | 'cancelled' | 'cancelling' | 'in-transit', changes: { providerId?: string; failureReason?: string } = {}): Promise<void> {
    await db.transaction(async (tx) => {
      const payout = await repo.findPayout(tx, payoutId, { forUpdate: true });
      if (!payout || FINAL.has(payout.status)) return;
      if (status === 'cancelling' && payout.status !== 'in-transit') return;
      if (status === 'in-transit' && payout.status === 'cancelling') {
        if (changes.providerId) await repo.updatePayout(tx, payout.id, { providerId: changes.providerId });
        return;
      }
      await repo.updatePayout(tx, payout.id, { status, ...changes });
      if (status === 'failed' || status === 'cancelled') await repo.insertReversal(tx, payout);
    });
  }

  /** Hands a withdrawal to the processor (again, after a crash: the key makes it idempotent). */
  async function send(payout: repo.PayoutRow): Promise<void> {
    const provider = deps.provider;
    if (!provider) return transition(payout.id, 'failed', { failureReason: 'no payout processor is configured' });
    try {
      const result = await provider.createPayout({
        idempotencyKey: `cairn-payout-${encodeBase62(payout.id)}`,
        netCents: payout.amountCents - payout.feeCents,
        currency: 'USD',
        methodId: payout.methodId,
        address: payout.methodAddress,
        reference: encodeBase62(payout.id),
      });
      await transition(payout.id, result.status, { providerId: result.providerId, ...(result.failureReason ? { failureReason: result.failureReason } : {}) });
    } catch (error) {
      await transition(payout.id, 'failed', { failureReason: error instanceof Error ? error.message.slice(0, 500) : 'the processor failed' });
    }
  }

  async function withdraw(actor: Actor, body: CreatePayoutBody): Promise<Withdrawal> {
    const method = findMethod(body.method_id, body.country);
    checkAmount(body.amount, method);
    const fee = feeFor(body.amount, method.fee);
    if (fee >= body.amount) throw badRequest('amount: the fee would take the whole amount');

    const { payout, created } = await db.transaction(async (tx) => {
      await repo.lockUserLedger(tx, actor.userId);
      const existing = await repo.findPayoutByKey(tx, actor.userId, body.idempotency_key);
      if (existing) {
        if (existing.amountCents !== body.amount || existing.methodId !== body.method_id) {
          throw badRequest('idempotency_key: already used for a different withdrawal');
        }
        return { payout: existing, created: false };
      }
      // The recipient is fixed when the withdrawal is made: changing an account later does not redirect it.
      const recipient = await recipientFor(tx, actor.userId, method);
      const { available } = await repo.findUserTotals(tx, actor.userId, now());
      if (body.amount > available) throw badRequest(`amount: more than the available balance (${usdText(available)} USD)`);
      const id = Number(randomId());
      await repo.insertPayout(tx, {
        id,
        userId: actor.userId,
        amountCents: body.amount,
        feeCents: fee,
        methodType: method.type,
        methodId: method.id,
        methodAddress: recipient,
        idempotencyKey: body.idempotency_key,
      });
      return { payout: (await repo.findPayout(tx, id))!, created: true };
    });
    // A replay of a withdrawal that never reached the processor (a crash in between) sends it now.
    if (created || (payout.status === 'in-transit' && payout.providerId === null)) await send(payout);
    return toWithdrawal((await repo.findPayout(db, payout.id))!);
  }

  return {
    listMethods: methods,

    previewFees(body: { amount: number; method_id: string }): PayoutFees {
      const method = findMethod(body.method_id);
      const fee = feeFor(body.amount, method.fee);
      return { amount: body.amount, fee, net_usd: Math.max(0, body.amount - fee), exchange_rate: null };
    },

    async getBalance(actor: Actor): Promise<PayoutBalance> {
      const at = now();
      const totals = await repo.findUserTotals(db, actor.userId, at);
      const withdrawn = await repo.findWithdrawnTotals(db, actor.userId, new Date(Date.UTC(at.getUTCFullYear(), 0, 1)));
      const pendingDates = await repo.listPendingByDate(db, actor.userId, at);
      return {
        available: totals.available,
        pending: totals.pending,
        withdrawn_lifetime: withdrawn.lifetime,
        withdrawn_ytd: withdrawn.sinceYearStart,
        earned_lifetime: totals.earnedLifetime,
        dates: Object.fromEntries(pendingDates.map((d) => [d.availableAt.toISOString(), d.cents])),
      };
    },

    async getHistory(actor: Actor): Promise<PayoutHistoryItem[]> {
      const withdrawals = (await repo.listPayoutsOfUser(db, actor.userId)).map(toWithdrawal);
      const credits = (await repo.listCredits(db, actor.userId)).map(toCredit);
      return [...withdrawals, ...credits].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0));
    },

    withdraw,

    async cancel(actor: Actor, idText: string): Promise<void> {
      const id = parseId(idText);
      const payout = id === undefined ? undefined : await repo.findPayout(db, id);
      if (!payout || !mayActForUser(actor, payout.userId)) throw notFound('No such withdrawal');
      if (payout.status !== 'in-transit') throw badRequest(`id: only a withdrawal in transit can be cancelled (this one is ${payout.status})`, 'not_cancellable');
      if (!deps.provider || payout.providerId === null || payout.methodType !== deps.provider.type) {
        throw badRequest('id: this withdrawal can no longer be cancelled', 'not_cancellable');
      }
      const outcome = await deps.provider.cancelPayout(payout.providerId);
      if (outcome === 'not_cancellable') throw badRequest('id: the processor has already sent this withdrawal', 'not_cancellable');
      await transition(payout.id, outcome);
    },

    /** A processor's webhook: verified, then every status change applied (replays change nothing). */
    async receiveWebhook(kind: string, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<void> {
      if (!deps.provider || deps.provider.type !== kind) throw notFound('No such webhook');
      let events: PayoutEvent[];
      try {
        events = await deps.provider.parseWebhook(rawBody, headers);
      } catch (error) {
        if (error instanceof WebhookSignatureError) throw new ApiError(400, 'invalid_signature', error.message);
        if (error instanceof SyntaxError) throw badRequest('body: not JSON');
        throw error;
      }
      for (const event of events) {
        const payout = await repo.findPayoutByProvider(db, kind, event.providerId);
        // Not recorded yet (the processor answered slower than its webhook): a 409 makes it redeliver.
        if (!payout) throw conflict(`No withdrawal has the processor id ${event.providerId} yet`, 'unknown_payout');
        await transition(payout.id, event.status, event.failureReason ? { failureReason: event.failureReason } : {});
      }
    },

    async getUserPayoutHistory(actor: Actor, userText: string): Promise<UserPayoutHistory> {
      const userId = await requireSelf(actor, userText);
      const credits = await repo.listCredits(db, userId);
      const monthAgo = new Date(now().getTime() - 30 * DAY_MS).toISOString().slice(0, 10);
      const allTime = credits.reduce((acc, c) => acc + c.amountCents, 0);
      const lastMonth = credits.filter((c) => c.day >= monthAgo).reduce((acc, c) => acc + c.amountCents, 0);
      const payouts = (await repo.listPayoutsOfUser(db, userId)).map((p) => ({ created: p.created.toISOString(), amount: p.amountCents, status: p.status }));
      return { all_time: usdText(allTime), last_month: usdText(lastMonth), payouts };
    },

    /** The v2 contract's withdrawal: the whole amount by the processor's first method, no client key. */
    async withdrawForUser(actor: Actor, userText: string, amount: number): Promise<void> {
      const userId = await requireSelf(actor, userText);
      if (userId !== actor.userId) throw unauthorized('Only the account holder can withdraw');
      const method = methods('US')[0];
      if (!method) throw badRequest('amount: no payout method is offered');
      await withdraw(actor, { amount, method_id: method.id, idempotency_key: `v2-${randomId().toString()}` });
    },

    /** `{project_id: {unix_seconds: cents}}` of the caller's credits, one bucket per resolution. */
    async revenueAnalytics(actor: Actor, query: { projectIds: string[] | undefined; start: Date; end: Date; resolutionMinutes: number }): Promise<Record<string, Record<string, number>>> {
      const requested = query.projectIds === undefined ? await repo.listMemberProjectIds(db, actor.userId) : query.projectIds.map(parseId).filter((id): id is number => id !== undefined);
      const access = await listProjectAccess(db, actor, requested);
      const allowed = access.filter((a) => a.visible && hasPermission(a.permissions, PROJECT_PERMISSIONS.VIEW_PAYOUTS)).map((a) => a.project.id);
      const bucketMs = query.resolutionMinutes * 60_000;
      const startMs = Math.floor(query.start.getTime() / DAY_MS) * DAY_MS;
      const result: Record<string, Record<string, number>> = {};
      for (const id of allowed) {
        const buckets: Record<string, number> = {};
        for (let t = startMs; t < query.end.getTime(); t += bucketMs) buckets[String(t / 1000)] = 0;
        result[encodeBase62(id)] = buckets;
      }
      const rows = await repo.listCreditsByProjectDay(db, actor.userId, allowed, new Date(startMs).toISOString().slice(0, 10), query.end.toISOString().slice(0, 10));
      for (const row of rows) {
        if (row.projectId === null) continue;
        const dayMs = Date.parse(`${row.day}T00:00:00Z`);
        const bucket = String((startMs + Math.floor((dayMs - startMs) / bucketMs) * bucketMs) / 1000);
        const buckets = result[encodeBase62(row.projectId)]!;
        buckets[bucket] = (buckets[bucket] ?? 0) + row.cents;
      }
      return result;
    },
  };

  /** The user named by the path, who must be the caller (or the caller an admin). */
  async function requireSelf(actor: Actor, userText: string): Promise<number> {
    const userId = await repo.findUserIdByText(db, userText, parseId(userText));
    if (userId === undefined) throw notFound('No such user');
    if (!mayActForUser(actor, userId)) throw unauthorized("You may only see your own payouts");
    return userId;
  }
}
export type PayoutsService = ReturnType<typeof createPayoutsService>;
