import { announceAvailableCredits } from '../modules/payouts/payouts.port.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Hourly: `payout_available` notifications for credits whose holding period ended. */
export const announcePayoutsJob: JobDefinition<JobDeps> = {
  name: 'announce-payouts',
  cron: '25 * * * *',
  handle: async ({ db }) => {
    while ((await announceAvailableCredits(db)) > 0);
  },
};
