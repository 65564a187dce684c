import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { isApprovedLikeProjectStatus } from '@cairn/shared/constants/project-status';
import type { ScheduleProjectBody } from '@cairn/shared/schemas/projects';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { announceReleasedVersions, firstPublicRelease } from '../notifications/notifications.port.js';
import { recordWebhookEvent } from '../webhooks/webhook-events.port.js';
import type { Actor } from '../../lib/actor.js';
import { futureTime } from '../../lib/future-time.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import { checkScheduleRequest } from '../moderation/status-decisions.js';
import type { ProjectContext } from './project-context.js';
import * as repo from './projects.repository.js';

/** Scheduling a project's release (hidden as `scheduled` until its time). */
export function createProjectSchedules(context: ProjectContext) {
  const { db, requireEditable } = context;
  return {
    async scheduleProject(actor: Actor, idOrSlug: string, body: ScheduleProjectBody): Promise<void> {
      const access = await requireEditable(actor, idOrSlug, PROJECT_PERMISSIONS.EDIT_DETAILS, 'schedule this project');
      const time = futureTime(body.time);
      checkScheduleRequest(actor, access.project.status);
      await db.transaction(async (tx) => {
        await repo.updateProject(tx, access.project.id, { status: 'scheduled', requestedStatus: body.requested_status, scheduledFor: time, updated: new Date() });
        if (access.project.status !== 'scheduled') {
          await recordWebhookEvent(tx, context.jobs, { type: 'project.status_changed', projectId: access.project.id, oldStatus: access.project.status, newStatus: 'scheduled' });
        }
        await recordSearchChange(tx, [access.project.id]);
      });
    },
  };
}

/**
 * Gives every scheduled project whose time has come its requested status, as a status change
 * does (first approval dated, versions of a first release announced, search and caches told);
 * answers how many.
 */
export async function publishScheduledProjects(db: Database, jobs?: JobQueue, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.listDueScheduledProjects(tx, now);
    for (const project of due) {
      const status = project.requestedStatus ?? 'approved';
      await repo.updateProject(tx, project.id, {
        status,
        scheduledFor: null,
        updated: now,
        ...(isApprovedLikeProjectStatus(status) && project.approved === null ? { approved: now } : {}),
      });
      if (firstPublicRelease('scheduled', status, project.approved !== null)) await announceReleasedVersions(tx, jobs, project.id);
      await recordWebhookEvent(tx, jobs, { type: 'project.status_changed', projectId: project.id, oldStatus: 'scheduled', newStatus: status });
    }
    await recordSearchChange(tx, due.map((p) => p.id));
    return due.length;
  });
}
