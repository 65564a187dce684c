import { isModerator, type Actor } from '../../lib/actor.js';
import type { ProjectAccess } from './project.policy.js';

/**
 * Who reads a thread: moderators; for a project's thread, anyone with a membership row in the
 * project's team or its organization's team (pending invitations included); for a report's
 * thread, its reporter. Nobody else, not even the reported item's team. `project` is the
 * caller's access to a project thread's project (undefined: missing or not visible).
 */
export function canReadThread(
  actor: Actor,
  thread: { type: string; reporterId: number | null },
  project: ProjectAccess | undefined,
): boolean {
  const moderator = isModerator(actor);
  if (thread.type === 'project') return project !== undefined && (moderator || project.isMember);
  if (thread.type === 'report') return moderator || (thread.reporterId !== null && thread.reporterId === actor.userId);
  return moderator;
}

/**
 * Moderators read private messages and hidden authors, write private messages, post in closed
 * report threads, speak without their identity and delete anyone's text messages.
 */
export function moderatesThreads(actor: Actor): boolean {
  return isModerator(actor);
}
