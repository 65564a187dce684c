import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';
import { deleteExpiredOAuthRecords } from '../modules/oauth/oauth.repository.js';

/**
 * Daily: removes expired OAuth access tokens, consent flows and authorization codes (they no
 * longer authenticate anything). Expired PATs stay: their owner can still see and extend them.
 */
export const purgeExpiredOAuthJob: JobDefinition<JobDeps> = {
  name: 'purge-expired-oauth',
  cron: '17 4 * * *',
  async handle({ db }) {
    await deleteExpiredOAuthRecords(db, new Date());
  },
};
