import type { Executor } from '../../db/client.js';
import { isModerator, type Actor } from '../../lib/actor.js';
import { listProjectAccess } from '../access/project.policy.js';
import type { ThreadRow } from './threads.repository.js';

/** A thread the caller may read, with its project's status for project threads. */
export interface ReadableThread {
  thread: ThreadRow;
  projectStatus: string | null;
}

/**
 * Who reads a thread: moderators; for a project's thread, anyone with a membership row in the
 * project's team or its organization's team (pending invitations included); for a report's
 * thread, its reporter. Nobody else, not even the reported item's team.
 */
export async function filterReadableThreads(db: Executor, actor: Actor, rows: readonly ThreadRow[]): Promise<ReadableThread[]> {
  const projectIds = rows.flatMap((t) => (t.projectId === null ? [] : [t.projectId]));
  const access = new Map((await listProjectAccess(db, actor, projectIds)).map((a) => [a.project.id, a]));
  const moderator = isModerator(actor);
  return rows.flatMap((thread) => {
    const project = thread.projectId === null ? undefined : access.get(thread.projectId);
    const readable =
      thread.type === 'project'
        ? project !== undefined && (moderator || project.isMember)
        : thread.type === 'report'
          ? moderator || (thread.reporterId !== null && thread.reporterId === actor.userId)
          : moderator;
    return readable ? [{ thread, projectStatus: project?.project.status ?? null }] : [];
  });
}
