import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { ScheduleVersionBody } from '@cairn/shared/schemas/versions';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { futureTime } from '../../lib/future-time.js';
import { parseId } from '../../lib/ids.js';
import { recordSearchChange } from '../../lib/search-outbox.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { announceVersion, becomesPublic } from '../notifications/notifications.port.js';
import { recordWebhookEvent } from '../webhooks/webhook-events.port.js';
import { requireProjectPermission } from '../access/project.policy.js';
import { requireVisibleVersion } from './version-details.js';
import * as repo from './versions.repository.js';

/** Scheduling a version's release (hidden as `scheduled` until its time, then published at that time). */
export function createVersionSchedules(deps: { db: Database }) {
  const { db } = deps;
  return {
    async scheduleVersion(actor: Actor, idText: string, body: ScheduleVersionBody): Promise<void> {
      const { row, access } = await requireVisibleVersion(db, actor, parseId(idText));
      requireProjectPermission(access, PROJECT_PERMISSIONS.UPLOAD_VERSION, 'schedule this version');
      const time = futureTime(body.time);
      await db.transaction(async (tx) => {
        await repo.updateVersion(tx, row.id, { status: 'scheduled', requestedStatus: body.requested_status, scheduledFor: time });
        await repo.touchProject(tx, row.projectId);
        await recordSearchChange(tx, [row.projectId]);
      });
    },
  };
}

/**
 * Gives every scheduled version whose time has come its requested status, dated at that time,
 * as an edit of its status does (search and caches told); answers how many.
 */
export async function publishScheduledVersions(db: Database, jobs?: JobQueue, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await repo.listDueScheduledVersions(tx, now);
    for (const version of due) {
      const status = version.requestedStatus ?? 'listed';
      await repo.updateVersion(tx, version.id, {
        status,
        datePublished: version.scheduledFor ?? now,
        scheduledFor: null,
      });
      await repo.touchProject(tx, version.projectId);
      // The job checks that the project is public too.
      if (becomesPublic('scheduled', status)) {
        await announceVersion(tx, jobs, { projectId: version.projectId, versionId: version.id });
        await recordWebhookEvent(tx, jobs, { type: 'version.published', projectId: version.projectId, versionId: version.id });
      }
    }
    await recordSearchChange(tx, due.map((v) => v.projectId));
    return due.length;
  });
}
