import { isApprovedLikeProjectStatus, isRequestableProjectStatus, type ProjectStatus } from '@cairn/shared/constants/project-status';
import type { Actor } from '../../lib/actor.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { decidesProjectStatus } from '../access/moderation.policy.js';

/**
 * Moderation decisions on a project's status. Moderators may set any status (with a message);
 * teams may only submit a project for review (`processing`) and switch an approved (or
 * scheduled) project between the statuses they may request (approved, archived, unlisted,
 * private, draft).
 */
export function checkStatusChange(actor: Actor, current: string, next: ProjectStatus, approvedBefore = false): void {
  if (next === current || decidesProjectStatus(actor)) return;
  const submitting = next === 'processing' && !isApprovedLikeProjectStatus(current);
  // The team may release a scheduled project early or hold it back, once moderators approved it.
  const approved = isApprovedLikeProjectStatus(current) || (current === 'scheduled' && approvedBefore);
  const switching = approved && isRequestableProjectStatus(next);
  if (!submitting && !switching) throw unauthorized("You don't have permission to set this status");
}

export interface StatusRequest {
  status?: ProjectStatus;
  moderation_message?: string | null;
  moderation_message_body?: string | null;
}

export interface StatusChanges {
  status?: string;
  approved?: Date;
  queued?: Date;
  moderationMessage?: string | null;
  moderationMessageBody?: string | null;
}

/**
 * What a status request changes on a project, or why it may not: only moderators write the
 * moderation message (a team may clear it once approved); submitting for review needs a
 * version and clears the previous message; the first approval is dated.
 */
export async function decideStatusChange(
  actor: Actor,
  current: { status: string; approved: Date | null },
  request: StatusRequest,
  countVersions: () => Promise<number>,
): Promise<StatusChanges> {
  const changes: StatusChanges = {};
  const messageFields = [request.moderation_message, request.moderation_message_body];
  if (messageFields.some((v) => v !== undefined)) {
    const clearingOnApproved = messageFields.every((v) => v === undefined || v === null) && isApprovedLikeProjectStatus(current.status);
    if (!decidesProjectStatus(actor) && !clearingOnApproved) throw unauthorized("You don't have permission to set a moderation message");
    if (request.moderation_message !== undefined) changes.moderationMessage = request.moderation_message;
    if (request.moderation_message_body !== undefined) changes.moderationMessageBody = request.moderation_message_body;
  }
  if (request.status !== undefined && request.status !== current.status) {
    checkStatusChange(actor, current.status, request.status, current.approved !== null);
    if (request.status === 'processing') {
      if ((await countVersions()) === 0) throw badRequest('A project needs at least one version before it can be sent for review');
      changes.moderationMessage = null;
      changes.moderationMessageBody = null;
      changes.queued = new Date();
    }
    if (isApprovedLikeProjectStatus(request.status) && current.approved === null) changes.approved = new Date();
    changes.status = request.status;
  }
  return changes;
}

/**
 * Scheduling hides a project until its time, then gives it the requested status. Teams may
 * schedule only projects moderators approved (or reschedule a scheduled one); moderators any.
 */
export function checkScheduleRequest(actor: Actor, current: string): void {
  if (decidesProjectStatus(actor) || isApprovedLikeProjectStatus(current) || current === 'scheduled') return;
  throw unauthorized('Only approved projects may be scheduled: submit the project for review first');
}
