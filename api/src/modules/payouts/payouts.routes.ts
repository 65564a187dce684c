import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreatePayoutBodySchema,
  PAYOUT_METHOD_TYPES,
  PayoutAccountsSchema,
  PayoutBalanceSchema,
  PayoutFeesBodySchema,
  PayoutFeesSchema,
  PayoutHistorySchema,
  PayoutMethodListSchema,
  PayoutMethodsQuerySchema,
  RevenueAnalyticsQuerySchema,
  RevenueAnalyticsSchema,
  UpdatePayoutAccountsBodySchema,
  UserPayoutHistorySchema,
  WithdrawalSchema,
  WithdrawPayoutQuerySchema,
} from '@cairn/shared/schemas/payouts';
import { requiredActor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import type { PayoutAccountsService } from './payout-accounts.service.js';
import type { PayoutsService } from './payouts.service.js';

const tags = ['payouts'];
const IdParams = z.object({ id: z.string().min(1).max(64) });
const UserParams = z.object({ id: z.string().min(1).max(128) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');
const DAY_MS = 86_400_000;

export const payoutsRoutes: FastifyPluginAsyncZod<{ service: PayoutsService; accounts: PayoutAccountsService }> = async (app, { service, accounts }) => {
  app.get(
    '/payout/balance',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'getPayoutBalance', tags, summary: 'Your balance: available, pending (holding period) and withdrawn, in cents', response: { 200: PayoutBalanceSchema, 401: ErrorBodySchema } } },
    async (request) => service.getBalance(requiredActor(request.actor)),
  );

  app.get(
    '/payout/history',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'listPayoutTransactions', tags, summary: 'Your credits and withdrawals, newest first', response: { 200: PayoutHistorySchema, 401: ErrorBodySchema } } },
    async (request) => service.getHistory(requiredActor(request.actor)),
  );

  app.get(
    '/payout/methods',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'listPayoutMethods', tags, summary: 'Withdrawal methods offered in a country, with limits and fees', querystring: PayoutMethodsQuerySchema, response: { 200: PayoutMethodListSchema, ...errors } } },
    async (request) => service.listMethods(request.query.country),
  );

  app.get(
    '/payout/accounts',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'getPayoutAccounts', tags, summary: 'Your payout accounts: PayPal account, Venmo handle and the account email (with its verification)', response: { 200: PayoutAccountsSchema, ...errors } } },
    async (request) => accounts.getAccounts(requiredActor(request.actor)),
  );

  app.patch(
    '/payout/accounts',
    {
      config: requireAuth('PAYOUTS_WRITE'),
      schema: { operationId: 'updatePayoutAccounts', tags, summary: 'Set or clear (null) your PayPal account email and Venmo handle', body: UpdatePayoutAccountsBodySchema, response: { 200: PayoutAccountsSchema, ...errors } },
    },
    async (request) => accounts.updateAccounts(requiredActor(request.actor), request.body),
  );

  app.post(
    '/payout/fees',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'previewPayoutFees', tags, summary: 'The fee and net amount of a withdrawal', body: PayoutFeesBodySchema, response: { 200: PayoutFeesSchema, ...errors } } },
    async (request) => service.previewFees(request.body),
  );

  app.post(
    '/payout',
    {
      config: requireAuth('PAYOUTS_WRITE'),
      schema: {
        operationId: 'createPayout',
        tags,
        summary: 'Withdraw from the available balance (at least the minimum; the same idempotency_key answers the same withdrawal)',
        body: CreatePayoutBodySchema,
        response: { 200: WithdrawalSchema, ...errors },
      },
    },
    async (request) => service.withdraw(requiredActor(request.actor), request.body),
  );

  app.delete(
    '/payout/:id',
    { config: requireAuth('PAYOUTS_WRITE'), schema: { operationId: 'cancelPayout', tags, summary: 'Cancel a withdrawal in transit (it becomes cancelling, then cancelled)', params: IdParams, response: { 204: NoContent, ...errors } } },
    async (request, reply) => {
      await service.cancel(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/analytics/revenue',
    {
      config: requireAuth('PAYOUTS_READ'),
      schema: {
        operationId: 'getRevenueAnalytics',
        tags: ['analytics'],
        summary: "Your revenue per project in cents, {project_id: {unix_ts: cents}}; projects without VIEW_PAYOUTS are omitted",
        querystring: RevenueAnalyticsQuerySchema,
        response: { 200: RevenueAnalyticsSchema, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const end = q.end_date ? new Date(q.end_date) : new Date();
      const start = q.start_date ? new Date(q.start_date) : new Date(end.getTime() - 14 * DAY_MS);
      if (start >= end) throw badRequest('start_date: must be before end_date');
      const resolutionMinutes = q.resolution_minutes ?? 1440;
      if ((end.getTime() - start.getTime()) / (resolutionMinutes * 60_000) > 2000) throw badRequest('resolution_minutes: too many buckets for this range (at most 2000)');
      return service.revenueAnalytics(requiredActor(request.actor), { projectIds: parseIdList(q.project_ids), start, end, resolutionMinutes });
    },
  );

  app.get(
    '/user/:id/payouts',
    { config: requireAuth('PAYOUTS_READ'), schema: { operationId: 'getPayoutHistory', tags: ['users'], summary: "Get user's payout history", params: UserParams, response: { 200: UserPayoutHistorySchema, ...errors } } },
    async (request) => service.getUserPayoutHistory(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/user/:id/payouts',
    {
      config: requireAuth('PAYOUTS_WRITE'),
      schema: { operationId: 'withdrawPayout', tags: ['users'], summary: 'Withdraw payout balance (amount in cents) by the default method', params: UserParams, querystring: WithdrawPayoutQuerySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.withdrawForUser(requiredActor(request.actor), request.params.id, request.query.amount);
      return reply.code(204).send(null);
    },
  );

  // Processor webhooks are verified against the exact bytes sent.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    for (const kind of PAYOUT_METHOD_TYPES) {
      hooks.post(
        `/payout/_${kind}`,
        { config: publicRoute, schema: { operationId: `receive${kind[0]!.toUpperCase()}${kind.slice(1)}PayoutWebhook`, tags, summary: `Status changes from the ${kind} payout processor (signed)`, response: { 204: NoContent, 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema } } },
        async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
          await service.receiveWebhook(kind, body, request.headers);
          return reply.code(204).send(null);
        },
      );
    }
  });
};

/** `["id1","id2"]` (the analytics routes' form) or a comma-separated list. */
function parseIdList(text: string | undefined): string[] | undefined {
  if (text === undefined) return undefined;
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.every((v) => typeof v === 'string')) return parsed as string[];
    } catch {
      // fall through to the error below
    }
    throw badRequest('project_ids: expected a JSON array of project ids');
  }
  return text.split(',').filter(Boolean);
}
