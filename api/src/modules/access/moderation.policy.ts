import { hasPermission, PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';
import type { ProjectAccess } from './project.policy.js';
import { requireModerator } from './staff.policy.js';

/** The review queue and review locks are moderators' tools (401 for anyone else). */
export function requireModerationTools(actor: Actor): Actor {
  return requireModerator(actor, 'Only moderators may use the moderation tools');
}

/**
 * Moderators decide a project's status: any status, the moderation message, scheduling before
 * approval. Their decisions are logged and their status messages keep their identity hidden.
 */
export function decidesProjectStatus(actor: Actor): boolean {
  return isModerator(actor);
}

/** Admins are not held back by another moderator's review lock, and release anyone's. */
export function overridesReviewLocks(actor: Actor): boolean {
  return isAdmin(actor);
}

/** A project's place in the queue is for its team (pending invitees included) and moderators. */
export function canSeeQueuePosition(actor: Actor, access: ProjectAccess): boolean {
  return access.isMember || isModerator(actor);
}

/**
 * A project's review pre-checks are for moderators and for the team members who prepare it for
 * review (accepted, with EDIT_DETAILS: those who may submit it). Others on the team get a 401.
 */
export function reviewChecksAccess(actor: Actor, access: ProjectAccess): 'allowed' | 'hidden' | 'forbidden' {
  if (isModerator(actor)) return 'allowed';
  if (!access.isMember) return 'hidden';
  return access.isAcceptedMember && hasPermission(access.permissions, PROJECT_PERMISSIONS.EDIT_DETAILS) ? 'allowed' : 'forbidden';
}
