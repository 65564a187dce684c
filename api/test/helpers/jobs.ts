import { silentLogger } from '../../src/embedded/process-utils.js';
import { startJobRunner, type JobRunner } from '../../src/lib/jobs/job-runner.js';
import { JOBS } from '../../src/worker/jobs.js';
import type { TestContext } from '../harness.js';
import { eventually } from './eventually.js';

/**
 * Waits until pg-boss reports job `id` of queue `name` completed: the observable proof that the
 * worker has run it (and made whatever decision it makes) before a test asserts on the outcome.
 * A failed job fails the wait at once, with the job's output.
 */
export async function untilJobCompleted(jobs: JobRunner, name: string, id: string, timeoutMs = 30_000): Promise<void> {
  const job = await eventually(async () => {
    const found = await jobs.boss.getJobById(name, id);
    return found?.state === 'completed' || found?.state === 'failed' ? found : undefined;
  }, timeoutMs, `job ${name} ${id} to complete`);
  if (job.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
}

/** Sends a job the way its cron schedule or a service does, and waits until a worker completed it. */
export async function runJob(jobs: JobRunner, name: string, data: object = {}, timeoutMs = 30_000): Promise<void> {
  const id = await jobs.send(name, data);
  if (!id) throw new Error(`${name} was not queued`);
  await untilJobCompleted(jobs, name, id, timeoutMs);
}

/**
 * Another worker process's job runner against the test context's database, running every job of
 * the worker with `clock` as its time (tests move it to make cron times due). Stop it after use.
 */
export function startWorker(ctx: TestContext, clock: () => Date): Promise<JobRunner> {
  return startJobRunner({
    databaseUrl: ctx.config.database.url!,
    jobs: JOBS,
    deps: { db: ctx.database.db, search: ctx.search, config: ctx.config, files: ctx.files, payments: undefined, clock },
    work: true,
    log: silentLogger,
  });
}
