import type { Task } from 'meilisearch';
import type { SearchClient } from '../../lib/search-client.js';

/** How long to wait for Meilisearch to apply an incremental batch. */
const TASK_TIMEOUT_MS = 120_000;

const FINISHED = new Set(['succeeded', 'failed', 'canceled']);

/**
 * The task once Meilisearch has processed it (whatever the outcome). Polls from 5 ms up to
 * 250 ms: small updates finish in milliseconds, a full build takes longer.
 */
export async function finishedTask(search: SearchClient, uid: number, timeout = TASK_TIMEOUT_MS): Promise<Task> {
  const deadline = Date.now() + timeout;
  for (let delay = 5; ; delay = Math.min(delay * 2, 250)) {
    const task = await search.tasks.getTask(uid);
    if (FINISHED.has(task.status)) return task;
    if (Date.now() > deadline) throw new Error(`Meilisearch task ${uid} (${task.type}) did not finish within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/** Resolves once Meilisearch has applied the tasks; throws unless all succeeded. */
export async function waitForTasks(search: SearchClient, taskUids: readonly number[], timeout = TASK_TIMEOUT_MS): Promise<void> {
  for (const uid of taskUids) {
    const task = await finishedTask(search, uid, timeout);
    if (task.status !== 'succeeded') throw new Error(`Meilisearch task ${uid} (${task.type}) ${task.status}: ${task.error?.message ?? 'no details'}`);
  }
}
