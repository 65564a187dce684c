import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SearchClient } from '../lib/search-client.js';
import type { FileStore } from '../lib/storage/file-store.js';
import type { JobDefinition } from './job-runner.js';
import { authCleanupJob } from './auth-cleanup.js';
import { mailDeliveryJob } from './mail-delivery.js';
import { pruneDownloadDedupJob } from './prune-download-dedup.js';
import { searchSyncJob } from './search-sync.js';
import { searchTrendingJob } from './search-trending.js';
import { sweepUnfinishedUploadsJob } from './sweep-unfinished-uploads.js';
import { sweepOrphanBlobsJob } from './sweep-orphan-blobs.js';
import { sweepUnattachedImagesJob } from './sweep-unattached-images.js';
import { publishScheduledJob } from './publish-scheduled.js';
import { notifyFollowersJob } from './notify-followers.js';
import { distributeRevenueJob } from './distribute-revenue.js';
import { announcePayoutsJob } from './announce-payouts.js';
import { analyticsRollupJob } from './analytics-rollup.js';
import { billingRenewalsJob } from './billing-renewals.js';
import { billingProcessingSweepJob } from './billing-processing-sweep.js';
import { serversReconcileJob } from './servers-reconcile.js';
import { serversAutobackupJob } from './servers-autobackup.js';

/** What job handlers may use. */
export interface JobDeps {
  db: Database;
  search: SearchClient;
  config: Config;
  files: FileStore;
}

/** Every job kind the worker runs; each lives in its own file in this folder. */
export const JOBS: ReadonlyArray<JobDefinition<JobDeps, never>> = [authCleanupJob, mailDeliveryJob, pruneDownloadDedupJob, searchSyncJob, searchTrendingJob, sweepUnfinishedUploadsJob, sweepOrphanBlobsJob, sweepUnattachedImagesJob, publishScheduledJob, notifyFollowersJob, distributeRevenueJob, announcePayoutsJob, analyticsRollupJob, billingRenewalsJob, billingProcessingSweepJob, serversReconcileJob, serversAutobackupJob];
