import PgBoss from 'pg-boss';
import type { Logger } from '../../embedded/process-utils.js';
import type { JobDefinition, JobQueue } from './job-types.js';
import { countOutcomes, watchQueueDepth } from '../../observability/job-metrics.js';
import { stampJob, traceJobs } from '../../observability/tracing.js';

/** The started queue: enqueues like any JobQueue, and stops with the process. */
export interface JobRunner extends JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Starts pg-boss in Cairn's PostgreSQL (schema `pgboss`), creates every queue, and — when
 * `work` is true — registers the handlers and their cron schedules.
 */
export async function startJobRunner<Deps>(options: {
  databaseUrl: string;
  jobs: ReadonlyArray<JobDefinition<Deps, never>>;
  deps: Deps;
  work: boolean;
  log: Logger;
}): Promise<JobRunner> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: 'pgboss',
    application_name: 'cairn-jobs',
    max: 4,
    schedule: options.work,
    supervise: options.work,
  });
  boss.on('error', (error: Error) => options.log.error(`job runner: ${error.message}`));
  await boss.start();
  const queue: JobQueue = { send: (name, data, sendOptions) => boss.send(name, stampJob(data), sendOptions ?? {}) };
  for (const job of options.jobs) {
    await createQueueRetryingDeadlocks(boss, job.name);
    if (!options.work) continue;
    await boss.work(job.name, { batchSize: job.batchSize ?? 1, includeMetadata: true }, (jobs) =>
      countOutcomes(job.name, jobs, () =>
        traceJobs(job.name, jobs, () => (job as JobDefinition<Deps, object>).handle(options.deps, jobs as Array<PgBoss.Job<object>>, queue)),
      ),
    );
    if (job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  const stopWatching = watchQueueDepth(boss, options.jobs.map((job) => job.name));
  return {
    boss,
    send: queue.send,
    stop: () => {
      stopWatching();
      return boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}

/**
 * pg-boss creates a queue with DDL that can deadlock when two processes (an API and a worker
 * starting together) create the same queues at once; PostgreSQL aborts one of them, which may
 * simply try again.
 */
async function createQueueRetryingDeadlocks(boss: PgBoss, name: string, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await boss.createQueue(name);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}
