import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { ACTIVITY_RETENTION_DAYS, importNodeActivity } from './server-activity.js';
import * as members from './server-members.repository.js';
import { revokeOnNode, SERVERS_REVOKE_ACCESS_JOB, type RevokeAccessJob } from './server-members.service.js';
import * as repo from './servers.repository.js';

export const SERVERS_ACTIVITY_RETENTION_JOB = 'servers.activity-retention';
export const SERVERS_ACTIVITY_IMPORT_JOB = 'servers.activity-import';

/** Withdraws a removed or changed member's access on the server's node; fails (and is retried) while the node does not answer. */
export const serversRevokeAccessJob: JobDefinition<JobDeps, RevokeAccessJob> = {
  name: SERVERS_REVOKE_ACCESS_JOB,
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await revokeOnNode(db, job.data);
  },
};

/** Deletes activity older than 90 days, daily, in batches so no statement holds many rows. */
export const serversActivityRetentionJob: JobDefinition<JobDeps, object> = {
  name: SERVERS_ACTIVITY_RETENTION_JOB,
  cron: '23 3 * * *',
  handle: async ({ db, clock }) => {
    const cutoff = new Date((clock?.() ?? new Date()).getTime() - ACTIVITY_RETENTION_DAYS * 86_400_000);
    while ((await members.deleteActivityBefore(db, cutoff, 5000)) > 0);
  },
};

/**
 * Imports what nodes reported of console commands and file changes made directly on them, every
 * five minutes (reading a log imports its server's at once), so the nodes' reports stay short.
 */
export const serversActivityImportJob: JobDefinition<JobDeps, object> = {
  name: SERVERS_ACTIVITY_IMPORT_JOB,
  cron: '*/5 * * * *',
  handle: async ({ db }) => {
    const nodes = new Map((await repo.listNodes(db)).filter((node) => node.healthy).map((node) => [node.id, node]));
    for (const server of await repo.listServers(db)) {
      const node = server.nodeId === null ? undefined : nodes.get(server.nodeId);
      if (node) await importNodeActivity(db, server.id, node).catch(() => 0);
    }
  },
};

/** The member and activity jobs of the servers module, for the worker. */
export const serverMembersJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [serversRevokeAccessJob, serversActivityRetentionJob, serversActivityImportJob] as ReadonlyArray<JobDefinition<JobDeps, never>>;
