import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { systemClock } from './billing-time.js';
import { createProcessingSweep } from './processing-sweep.js';
import type { PaymentProvider } from './providers/payment-provider.js';
import { createRenewals } from './renewals.js';

/** What billing's jobs need beside the common deps: the process's one payment provider (undefined: billing unavailable). */
export interface BillingJobDeps extends JobDeps {
  payments: PaymentProvider | undefined;
}

/**
 * Every minute: due renewals and due retries of failed ones are charged off-session, and
 * subscriptions whose cancelled period has ended lose their perks.
 */
export const billingRenewalsJob: JobDefinition<BillingJobDeps> = {
  name: 'billing.renewals',
  cron: '* * * * *',
  handle: async ({ db, payments, config }, _jobs, queue) => {
    if (!payments) return;
    const renewals = createRenewals({ db, provider: payments, clock: systemClock, mailDelivery: config.mail.smtpUrl ? queue : undefined });
    await renewals.collectDueCharges();
    await renewals.endCancelledSubscriptions();
  },
};

/** Every ten minutes: charges left `processing` by an interrupted attempt are settled from the processor's record. */
export const billingProcessingSweepJob: JobDefinition<BillingJobDeps> = {
  name: 'billing.processing-sweep',
  cron: '*/10 * * * *',
  handle: async ({ db, payments, config }, _jobs, queue) => {
    if (!payments) return;
    await createProcessingSweep({ db, provider: payments, clock: systemClock, mailDelivery: config.mail.smtpUrl ? queue : undefined }).settleStuckCharges();
  },
};

/** The billing module's jobs, for the worker. */
export const billingJobs: ReadonlyArray<JobDefinition<BillingJobDeps, never>> = [billingRenewalsJob, billingProcessingSweepJob];
