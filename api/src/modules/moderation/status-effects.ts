import { isApprovedLikeProjectStatus, type ProjectStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { unauthorized } from '../../lib/errors.js';
import { encodeBase62 } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { decidesProjectStatus, overridesReviewLocks } from '../access/moderation.policy.js';
import { announceReleasedVersions, firstPublicRelease, listAcceptedProjectMembers, notifyUsers } from '../notifications/notifications.port.js';
import { addThreadMessage, findProjectThreadId } from '../threads/threads.port.js';
import { deleteLock, findLiveLockOfOther, findQueuedAt, insertDecision } from './moderation.repository.js';

export interface StatusChange {
  projectId: number;
  oldStatus: ProjectStatus;
  newStatus: ProjectStatus;
  /** Whether the actor is an accepted member of the project's team (or its organization's). */
  actorIsMember: boolean;
  /** Whether moderators had approved the project before this change. */
  approvedBefore: boolean;
}

/** A status a moderator's decision leads to: out of the queue, or to a verdict. */
const isDecision = (change: StatusChange) =>
  change.oldStatus === 'processing' || change.newStatus === 'rejected' || change.newStatus === 'withheld' || isApprovedLikeProjectStatus(change.newStatus);

/**
 * A moderator's decision on a project under review: refused while another moderator holds a live
 * review lock (admins excepted); otherwise logged (without the moderator) and the decider's own
 * lock is released.
 */
async function recordDecision(tx: Executor, actor: Actor, change: StatusChange): Promise<void> {
  if (change.oldStatus === 'processing' && !overridesReviewLocks(actor)) {
    const other = await findLiveLockOfOther(tx, change.projectId, actor.userId, new Date());
    if (other) {
      throw unauthorized(
        `${other.username} is reviewing this project (review lock until ${other.expiresAt.toISOString()}); wait for it to be released or ask an admin`,
      );
    }
  }
  if (change.actorIsMember || !isDecision(change)) return;
  await insertDecision(tx, {
    itemType: 'project',
    itemId: change.projectId,
    decision: change.newStatus,
    publicReason: null,
    // Review time counts only for decisions on a project waiting in the queue.
    queuedAt: change.oldStatus === 'processing' ? await findQueuedAt(tx, change.projectId) : null,
  });
  await deleteLock(tx, change.projectId, actor.userId);
}

/**
 * What a committed status change leaves behind: a moderator's decision (above), a `status_change`
 * message in the project's thread (moderators' identity hidden) and, when someone outside the
 * team (a moderator) made it, a `status_change` notification to every accepted member. A first
 * step into public view announces the versions uploaded meanwhile to the project's followers.
 */
export async function recordStatusChange(tx: Executor, actor: Actor, change: StatusChange, jobs?: JobQueue): Promise<void> {
  if (decidesProjectStatus(actor)) await recordDecision(tx, actor, change);
  if (firstPublicRelease(change.oldStatus, change.newStatus, change.approvedBefore)) await announceReleasedVersions(tx, jobs, change.projectId);
  const threadId = await findProjectThreadId(tx, change.projectId);
  if (threadId !== undefined) {
    await addThreadMessage(tx, {
      threadId,
      authorId: actor.userId,
      body: { type: 'status_change', old_status: change.oldStatus, new_status: change.newStatus },
      hideIdentity: decidesProjectStatus(actor),
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

