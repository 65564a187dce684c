import { runDueAutobackups, SERVERS_AUTOBACKUP_JOB } from '../modules/servers/server-autobackups.js';
import type { JobDefinition } from './job-runner.js';
import type { JobDeps } from './registry.js';

/** Automated server backups: the minute sweep (`{}`) makes every due one; `{serverId}` looks at one server. */
export const serversAutobackupJob: JobDefinition<JobDeps, { serverId?: string }> = {
  name: SERVERS_AUTOBACKUP_JOB,
  cron: '* * * * *',
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await runDueAutobackups(db, { serverId: job.data.serverId });
  },
};
