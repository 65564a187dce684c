import { isHiddenProjectStatus, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { encodeBase62, randomId } from '../../lib/ids.js';
import { jobConnection } from '../../lib/job-connection.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import type { ProjectSnapshot, RecordedEvent, VersionSnapshot } from './webhook-payloads.js';
import { generateMessageId } from './webhook-signatures.js';
import * as repo from './webhooks.repository.js';

/** The queue of delivery attempts; a job names one delivery row. */
export const DELIVER_WEBHOOK_JOB = 'webhooks.deliver';
export interface DeliverWebhookJob {
  deliveryId: number;
}

/** Something that happened to a project, as the module where it happened reports it. */
export type WebhookEventInput =
  | { type: 'version.published' | 'version.edited' | 'version.deleted'; projectId: number; versionId: number }
  | { type: 'project.status_changed'; projectId: number; oldStatus: string; newStatus: string }
  | { type: 'gallery.image_added'; projectId: number; image: { url: string; title: string | null; description: string | null; featured: boolean } };

export function projectSnapshot(row: repo.ProjectSnapshotRow): ProjectSnapshot {
  return { id: encodeBase62(row.id), slug: row.slug, title: row.title, project_type: row.declaredType, path: `/${row.declaredType}/${row.slug}` };
}

function versionSnapshot(project: repo.ProjectSnapshotRow, row: repo.VersionSnapshotRow): VersionSnapshot {
  return {
    id: encodeBase62(row.id),
    name: row.name,
    version_number: row.versionNumber,
    version_type: row.versionType,
    status: row.status,
    changelog: row.changelog,
    game_versions: row.gameVersions,
    loaders: row.loaders,
    date_published: row.datePublished.toISOString(),
    path: `/${project.declaredType}/${project.slug}/version/${encodeBase62(row.id)}`,
  };
}

/** The event as its deliveries will carry it; undefined when it is not news for hooks. */
async function recordedEvent(tx: Executor, input: WebhookEventInput, now: Date): Promise<RecordedEvent | undefined> {
  const project = await repo.findProjectSnapshot(tx, input.projectId);
  if (!project) return undefined;
  const timestamp = now.toISOString();
  switch (input.type) {
    case 'version.published':
    case 'version.edited':
    case 'version.deleted': {
      const version = await repo.findVersionSnapshot(tx, input.versionId);
      // A release webhook speaks of versions the public can see: drafts and hidden projects stay quiet.
      if (!version || isHiddenVersionStatus(version.status) || isHiddenProjectStatus(project.status)) return undefined;
      return { type: input.type, timestamp, data: { project: projectSnapshot(project), version: versionSnapshot(project, version) } };
    }
    case 'project.status_changed':
      return { type: input.type, timestamp, data: { project: projectSnapshot(project), old_status: input.oldStatus, new_status: input.newStatus } };
    case 'gallery.image_added':
      return { type: input.type, timestamp, data: { project: projectSnapshot(project), image: input.image } };
  }
}

/** Writes one delivery of `event` to a hook and enqueues its first attempt, inside `tx`. */
export async function queueDelivery(
  tx: Executor,
  jobs: JobQueue,
  delivery: { webhookId: number; event: RecordedEvent; messageId?: string; manual?: boolean; resentFrom?: number },
): Promise<repo.DeliveryRow> {
  const row = await repo.insertDelivery(tx, {
    id: Number(randomId()),
    webhookId: delivery.webhookId,
    messageId: delivery.messageId ?? generateMessageId(),
    event: delivery.event.type,
    payload: JSON.stringify(delivery.event),
    manual: delivery.manual ?? false,
    resentFrom: delivery.resentFrom ?? null,
  });
  // Retries of a failed attempt are follow-up jobs the handler schedules (webhook-delivery.ts); these
  // pg-boss retries only cover a handler that crashed before it could record the attempt.
  await jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId: row.id } satisfies DeliverWebhookJob, { db: jobConnection(tx), retryLimit: 2, retryDelay: 30 });
  return row;
}

/**
 * Inside the transaction of the change: one delivery per enabled hook subscribed to the event (the
 * project's own and its organization's), so a change that rolls back sends nothing. Without a job
 * queue (a process built without one) nothing is sent, as with the followers' notifications.
 */
export async function recordWebhookEvent(tx: Executor, jobs: JobQueue | undefined, input: WebhookEventInput, now = new Date()): Promise<void> {
  if (!jobs) return;
  const hooks = await repo.listSubscribedHooks(tx, input.projectId, input.type);
  if (hooks.length === 0) return;
  const event = await recordedEvent(tx, input, now);
  if (!event) return;
  for (const hook of hooks) await queueDelivery(tx, jobs, { webhookId: hook.id, event });
}
