import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { listProjectAccess } from '../access/project.policy.js';
import { canReadThread } from '../access/thread.policy.js';
import type { ThreadRow } from './threads.repository.js';

/** A thread the caller may read, with its project's status for project threads. */
export interface ReadableThread {
  thread: ThreadRow;
  projectStatus: string | null;
}

/** The threads the caller may read (the rule: access/thread.policy.ts). */
export async function filterReadableThreads(db: Executor, actor: Actor, rows: readonly ThreadRow[]): Promise<ReadableThread[]> {
  const projectIds = rows.flatMap((t) => (t.projectId === null ? [] : [t.projectId]));
  const access = new Map((await listProjectAccess(db, actor, projectIds)).map((a) => [a.project.id, a]));
  return rows.flatMap((thread) => {
    const project = thread.projectId === null ? undefined : access.get(thread.projectId);
    return canReadThread(actor, thread, project) ? [{ thread, projectStatus: project?.project.status ?? null }] : [];
  });
}
