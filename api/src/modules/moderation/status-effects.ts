import type { ProjectStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { isModerator, type Actor } from '../../lib/actor.js';
import { encodeBase62 } from '../../lib/ids.js';
import { listAcceptedProjectMembers, notifyUsers } from '../notifications/notifications.port.js';
import { addThreadMessage, findProjectThreadId } from '../threads/threads.port.js';

export interface StatusChange {
  projectId: number;
  oldStatus: ProjectStatus;
  newStatus: ProjectStatus;
  /** Whether the actor is an accepted member of the project's team (or its organization's). */
  actorIsMember: boolean;
}

/**
 * What a committed status change leaves behind: a `status_change` message in the project's
 * thread (moderators' identity hidden) and, when someone outside the team (a moderator) made it,
 * a `status_change` notification to every accepted member.
 */
export async function recordStatusChange(tx: Executor, actor: Actor, change: StatusChange): Promise<void> {
  const threadId = await findProjectThreadId(tx, change.projectId);
  if (threadId !== undefined) {
    await addThreadMessage(tx, {
      threadId,
      authorId: actor.userId,
      body: { type: 'status_change', old_status: change.oldStatus, new_status: change.newStatus },
      hideIdentity: isModerator(actor),
    });
  }
  if (change.actorIsMember) return;
  const members = await listAcceptedProjectMembers(tx, change.projectId);
  await notifyUsers(tx, members, {
    type: 'status_change',
    project_id: encodeBase62(change.projectId),
    old_status: change.oldStatus,
    new_status: change.newStatus,
  });
}

