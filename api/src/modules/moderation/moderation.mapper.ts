import type { ProjectStatus } from '@cairn/shared/constants/project-status';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import type {
  LockHolder,
  LockStatus,
  ModerationLogEntry,
  ModerationQueueProject,
  QueuePosition,
  TakeLockResult,
} from '@cairn/shared/schemas/moderation';
import { encodeBase62 } from '../../lib/ids.js';
import type { LockRow, LogRow, QueueRow, ReviewTimes } from './moderation.repository.js';
import type { LockView } from './moderation.service.js';

const blobUrl = (cdnUrl: string, key: string | null) => (key ? `${cdnUrl}/${key}` : null);

export function toQueueProject(row: QueueRow, cdnUrl: string, translations: ReadonlyArray<{ language: string; summary: string }> = []): ModerationQueueProject {
  const owner = row.owner;
  return {
    id: encodeBase62(row.id),
    slug: row.slug,
    name: row.title,
    summary: row.summary,
    icon_url: blobUrl(cdnUrl, row.iconKey),
    status: row.status as ProjectStatus,
    requested_status: row.requestedStatus as ProjectStatus | null,
    queued: row.queued?.toISOString() ?? null,
    published: row.published.toISOString(),
    updated: row.updated.toISOString(),
    project_types: row.projectTypes as ProjectType[],
    ownership: owner && {
      type: owner.type,
      id: encodeBase62(owner.id),
      name: owner.name,
      icon_url: owner.type === 'organization' ? blobUrl(cdnUrl, owner.iconKey) : owner.avatarUrl,
    },
    summary_translations: translations.map((t) => ({ language: t.language, summary: t.summary })),
  };
}

const toHolder = (lock: LockRow): LockHolder => ({ id: encodeBase62(lock.moderatorId), username: lock.username, avatar_url: lock.avatarUrl });

export function toTakeLockResult(success: boolean, view: Extract<LockView, { state: 'held' }>): TakeLockResult {
  return {
    success,
    is_own_lock: view.own,
    locked_by: toHolder(view.lock),
    locked_at: view.lock.lockedAt.toISOString(),
    expires_at: view.lock.expiresAt.toISOString(),
    expired: view.expired,
  };
}

export function toLockStatus(view: LockView): LockStatus {
  if (view.state === 'none') return { locked: false, is_own_lock: false };
  return {
    locked: !view.expired,
    is_own_lock: view.own,
    locked_by: toHolder(view.lock),
    locked_at: view.lock.lockedAt.toISOString(),
    expires_at: view.lock.expiresAt.toISOString(),
    expired: view.expired,
  };
}

export function toLogEntry(row: LogRow): ModerationLogEntry {
  return {
    item_type: 'project',
    item_id: encodeBase62(row.itemId),
    item_name: row.itemName,
    item_slug: row.itemSlug,
    decision: row.decision as ProjectStatus,
    reason: row.reason,
    date: row.date.toISOString(),
  };
}

const tenths = (hours: number | null) => (hours === null ? null : Math.round(hours * 10) / 10);

export function toQueuePosition(
  place: { position: number | null; size: number; queued: Date | null } & ReviewTimes,
): QueuePosition {
  return {
    position: place.position,
    queue_size: place.size,
    median_review_hours_30d: tenths(place.medianHours),
    p90_review_hours_30d: tenths(place.p90Hours),
    decisions_30d: place.decisions,
    queued: place.queued?.toISOString() ?? null,
  };
}
