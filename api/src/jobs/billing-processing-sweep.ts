import { createPaymentProvider } from '../modules/billing/providers/create-provider.js';
import { createProcessingSweep } from '../modules/billing/processing-sweep.js';
import { systemClock } from '../modules/billing/billing-time.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Every ten minutes: charges left `processing` by an interrupted attempt are settled from the processor's record. */
export const billingProcessingSweepJob: JobDefinition<JobDeps> = {
  name: 'billing.processing-sweep',
  cron: '*/10 * * * *',
  handle: async ({ db, config }) => {
    const provider = await createPaymentProvider(config.payments);
    if (!provider) return;
    await createProcessingSweep({ db, provider, clock: systemClock }).settleStuckCharges();
  },
};
