import type { JobRunner } from '../../src/lib/jobs/job-runner.js';
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
