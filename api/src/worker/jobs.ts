import type { JobDefinition } from '../lib/jobs/job-types.js';
import { analyticsJobs } from '../modules/analytics/analytics.jobs.js';
import { authJobs } from '../modules/auth/auth.jobs.js';
import { billingJobs, type BillingJobDeps } from '../modules/billing/billing.jobs.js';
import { imageProxyJobs } from '../modules/image-proxy/image-proxy.jobs.js';
import { imagesJobs } from '../modules/images/images.jobs.js';
import { malwareScanJobs } from '../modules/malware-scan/malware-scan.jobs.js';
import { notificationsJobs } from '../modules/notifications/notifications.jobs.js';
import { oauthJobs } from '../modules/oauth/oauth.jobs.js';
import { payoutsJobs } from '../modules/payouts/payouts.jobs.js';
import { projectsJobs } from '../modules/projects/projects.jobs.js';
import { searchJobs } from '../modules/search/search.jobs.js';
import { serverListingsJobs } from '../modules/server-listings/server-listings.jobs.js';
import { serversJobs } from '../modules/servers/servers.jobs.js';
import { serverMembersJobs } from '../modules/servers/server-members.jobs.js';
import { sessionsJobs } from '../modules/sessions/sessions.jobs.js';
import { versionsJobs } from '../modules/versions/versions.jobs.js';
import { webhooksJobs } from '../modules/webhooks/webhooks.jobs.js';
import { filesJobs } from './files.jobs.js';
import { mailJobs } from './mail.jobs.js';

/**
 * What the worker hands every job: the common deps (lib/jobs/job-types.ts) and what a module's
 * jobs add to them (billing's payment provider), each built once per process.
 */
export type WorkerJobDeps = BillingJobDeps;

/**
 * Every job kind the worker runs. Each module declares its own in `modules/<name>/<name>.jobs.ts`;
 * the jobs no module owns (mail delivery, the file store's sweeps) are in this folder.
 */
export const JOBS: ReadonlyArray<JobDefinition<WorkerJobDeps, never>> = [
  ...analyticsJobs,
  ...authJobs,
  ...billingJobs,
  ...imageProxyJobs,
  ...imagesJobs,
  ...malwareScanJobs,
  ...notificationsJobs,
  ...oauthJobs,
  ...payoutsJobs,
  ...projectsJobs,
  ...searchJobs,
  ...serverListingsJobs,
  ...serversJobs,
  ...serverMembersJobs,
  ...sessionsJobs,
  ...versionsJobs,
  ...webhooksJobs,
  ...filesJobs,
  ...mailJobs,
];
