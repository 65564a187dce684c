import type { FastifyPluginAsync } from 'fastify';
import type { RevenueConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createPayoutProvider } from './providers/create-payout-provider.js';
import { createPayoutAccountsService } from './payout-accounts.service.js';
import { createPayoutsService } from './payouts.service.js';
import { payoutsRoutes } from './payouts.routes.js';

/** Creator revenue: balance, credits, withdrawals through the payout processor, revenue analytics. */
export const payoutsModule: FastifyPluginAsync<{ db: Database; revenue: RevenueConfig }> = async (app, { db, revenue }) => {
  const service = createPayoutsService({ db, provider: createPayoutProvider(revenue.provider), minimumWithdrawalCents: revenue.minimumWithdrawalCents });
  await app.register(payoutsRoutes, { service, accounts: createPayoutAccountsService({ db }) });
};
