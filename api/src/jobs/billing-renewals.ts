import { createPaymentProvider } from '../modules/billing/providers/create-provider.js';
import { createRenewals } from '../modules/billing/renewals.js';
import { systemClock } from '../modules/billing/billing-time.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/**
 * Every minute: due renewals and due retries of failed ones are charged off-session, and
 * subscriptions whose cancelled period has ended lose their perks.
 */
export const billingRenewalsJob: JobDefinition<JobDeps> = {
  name: 'billing.renewals',
  cron: '* * * * *',
  handle: async ({ db, config }) => {
    const provider = await createPaymentProvider(config.payments);
    if (!provider) return;
    const renewals = createRenewals({ db, provider, clock: systemClock });
    await renewals.collectDueCharges();
    await renewals.endCancelledSubscriptions();
  },
};
