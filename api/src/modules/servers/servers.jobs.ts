import type { JobDefinition, JobDeps } from '../../lib/jobs/job-types.js';
import { createProvisioning, SERVERS_RECONCILE_JOB } from './provisioning.js';
import { runDueAutobackups, SERVERS_AUTOBACKUP_JOB } from './server-autobackups.js';
import { runModpackInstall, SERVERS_MODPACK_JOB } from './server-modpack-install.js';
import { failInterruptedRuns, runScheduleStep, SERVERS_SCHEDULE_STEP_JOB, SERVERS_SCHEDULES_JOB, sweepDueSchedules } from './server-schedule-runs.js';

/**
 * Places paid servers on nodes, finishes installs, suspends and resumes servers as their
 * subscriptions end and restart, and deletes them after the grace period. `{serverId}` jobs come
 * from billing's notifications; the minute sweep (`{}`) catches anything missed.
 */
export const serversReconcileJob: JobDefinition<JobDeps, { serverId?: string }> = {
  name: SERVERS_RECONCILE_JOB,
  cron: '* * * * *',
  handle: async ({ db, config }, jobs, queue) => {
    const provisioning = createProvisioning({ db, ...config.servers });
    for (const job of jobs) {
      const { serverId } = job.data;
      if (!serverId) {
        await provisioning.sweep();
        continue;
      }
      // Still installing or waiting for room: look again shortly.
      if (await provisioning.reconcile(serverId)) await queue?.send(SERVERS_RECONCILE_JOB, { serverId }, { startAfter: 2 });
    }
  },
};

/** Automated server backups: the minute sweep (`{}`) makes every due one; `{serverId}` looks at one server. */
export const serversAutobackupJob: JobDefinition<JobDeps, { serverId?: string }> = {
  name: SERVERS_AUTOBACKUP_JOB,
  cron: '* * * * *',
  handle: async ({ db }, jobs) => {
    for (const job of jobs) await runDueAutobackups(db, { serverId: job.data.serverId });
  },
};

/**
 * Server schedules: the minute sweep starts every due schedule once (docs/api/servers.md,
 * "Schedules") and fails runs that were interrupted; the time is the worker's clock, which tests move.
 */
export const serversSchedulesJob: JobDefinition<JobDeps, object> = {
  name: SERVERS_SCHEDULES_JOB,
  cron: '* * * * *',
  handle: async ({ db, clock }, _jobs, queue) => {
    if (!queue) throw new Error('servers.schedules needs the job queue');
    const now = clock?.() ?? new Date();
    await sweepDueSchedules(db, queue, now);
    await failInterruptedRuns(db, now);
  },
};

/** One step of a schedule's run; the next step is queued with its delay. */
export const serversScheduleStepJob: JobDefinition<JobDeps, { runId: number; step: number }> = {
  name: SERVERS_SCHEDULE_STEP_JOB,
  handle: async ({ db, clock }, jobs, queue) => {
    if (!queue) throw new Error('servers.schedule-step needs the job queue');
    for (const job of jobs) await runScheduleStep(db, queue, job.data.runId, job.data.step, () => clock?.() ?? new Date());
  },
};

/** Installs or updates the modpack of one server (server-modpack-install.ts); waits while the server reinstalls its platform. */
export const serversModpackJob: JobDefinition<JobDeps, { serverId: string }> = {
  name: SERVERS_MODPACK_JOB,
  handle: async ({ db, files, config }, jobs, queue) => {
    for (const job of jobs) {
      if (await runModpackInstall({ db, files, config, queue }, job.data.serverId)) await queue?.send(SERVERS_MODPACK_JOB, { serverId: job.data.serverId }, { startAfter: 2 });
    }
  },
};

/** The servers module's jobs, for the worker. */
export const serversJobs: ReadonlyArray<JobDefinition<JobDeps, never>> = [serversReconcileJob, serversAutobackupJob, serversSchedulesJob, serversScheduleStepJob, serversModpackJob];
