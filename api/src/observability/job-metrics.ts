import type PgBoss from 'pg-boss';
import { countJobs, watchJobQueueDepth } from './metrics.js';

/**
 * Runs a job handler over `jobs` and counts their outcome (cairn_jobs_total): all completed, or
 * — pg-boss fails the whole batch when the handler throws — each retried while it has retries
 * left, failed otherwise.
 */
export async function countOutcomes(name: string, jobs: ReadonlyArray<Pick<PgBoss.JobWithMetadata, 'retryCount' | 'retryLimit'>>, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const retried = jobs.filter((job) => job.retryCount < job.retryLimit).length;
    if (retried > 0) countJobs(name, 'retried', retried);
    if (jobs.length > retried) countJobs(name, 'failed', jobs.length - retried);
    throw error;
  }
  countJobs(name, 'completed', jobs.length);
}

/** Reports the jobs waiting in each of these queues on scrape (cairn_job_queue_depth); the answer stops it. */
export function watchQueueDepth(boss: PgBoss, queues: readonly string[]): () => void {
  return watchJobQueueDepth(async () => {
    const sizes = await Promise.all(queues.map(async (queue) => [queue, await boss.getQueueSize(queue)] as const));
    return new Map(sizes);
  });
}
