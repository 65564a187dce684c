import { z } from 'zod';
import { Base62IdSchema, OffsetSchema } from './common.js';
import { PROJECT_STATUSES } from '../constants/project-status.js';
import { PROJECT_TYPES } from '../constants/project-types.js';

// Wire shapes of the moderation routes: the review queue, review locks, the public decisions log
// and a project's place in the queue. None of these are in the v2 contract; they are Cairn's own.

/** How long a review lock holds without being taken again. */
export const REVIEW_LOCK_MINUTES = 15;

const ProjectStatusSchema = z.enum(PROJECT_STATUSES);
const Timestamp = z.iso.datetime({ offset: true });

export const ModerationQueueSortSchema = z.enum(['oldest', 'newest']);
export type ModerationQueueSort = z.infer<typeof ModerationQueueSortSchema>;

export const GetModerationProjectsQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(200).default(100),
  offset: OffsetSchema,
  query: z.string().trim().max(256).optional(),
  project_type: z.enum(PROJECT_TYPES).optional(),
  sort: ModerationQueueSortSchema.default('oldest'),
});
export type GetModerationProjectsQuery = z.input<typeof GetModerationProjectsQuerySchema>;
export type ModerationQueueQuery = z.output<typeof GetModerationProjectsQuerySchema>;

/** Who owns a queued project: a user or an organization. */
export const ModerationOwnershipSchema = z.object({
  type: z.enum(['user', 'organization']),
  id: Base62IdSchema,
  name: z.string(),
  icon_url: z.string().nullable(),
});

export const ModerationQueueProjectSchema = z.object({
  id: Base62IdSchema,
  slug: z.string(),
  name: z.string(),
  summary: z.string(),
  icon_url: z.string().nullable(),
  status: ProjectStatusSchema,
  requested_status: ProjectStatusSchema.nullable(),
  /** When the project entered the queue; null for projects queued before dates were kept. */
  queued: Timestamp.nullable(),
  published: Timestamp,
  updated: Timestamp,
  project_types: z.array(z.enum(PROJECT_TYPES)),
  ownership: ModerationOwnershipSchema.nullable(),
  /** The summary in every language it is translated into (the descriptions: GET /project/{id}/translations). */
  summary_translations: z.array(z.object({ language: z.string(), summary: z.string() })).optional(),
});
export type ModerationQueueProject = z.infer<typeof ModerationQueueProjectSchema>;

export const ModerationQueueSchema = z.object({
  total: z.number().int().min(0),
  projects: z.array(ModerationQueueProjectSchema),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

export const LockHolderSchema = z.object({
  id: Base62IdSchema,
  username: z.string(),
  avatar_url: z.string().nullable(),
});
export type LockHolder = z.infer<typeof LockHolderSchema>;

/** Answer to taking a lock: `success` false when another moderator holds a live one. */
export const TakeLockResultSchema = z.object({
  success: z.boolean(),
  is_own_lock: z.boolean(),
  locked_by: LockHolderSchema,
  locked_at: Timestamp,
  expires_at: Timestamp,
  expired: z.boolean(),
});
export type TakeLockResult = z.infer<typeof TakeLockResultSchema>;

export const LockStatusSchema = z.object({
  locked: z.boolean(),
  is_own_lock: z.boolean(),
  locked_by: LockHolderSchema.optional(),
  locked_at: Timestamp.optional(),
  expires_at: Timestamp.optional(),
  expired: z.boolean().optional(),
});
export type LockStatus = z.infer<typeof LockStatusSchema>;

export const ReleaseLockResultSchema = z.object({ success: z.boolean() });
export const DeleteLocksResultSchema = z.object({ deleted_count: z.number().int().min(0) });

export const GetModerationLogQuerySchema = z.object({
  offset: OffsetSchema,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const ModerationLogEntrySchema = z.object({
  item_type: z.enum(['project']),
  item_id: Base62IdSchema,
  item_name: z.string(),
  item_slug: z.string(),
  decision: ProjectStatusSchema,
  reason: z.string().nullable(),
  date: Timestamp,
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntrySchema>;

export const ModerationLogSchema = z.object({
  total: z.number().int().min(0),
  entries: z.array(ModerationLogEntrySchema),
});
export type ModerationLog = z.infer<typeof ModerationLogSchema>;

/** A project's place in the review queue, shown to its team. */
export const QueuePositionSchema = z.object({
  /** 1-based, oldest submission first; null when the project is not waiting for review. */
  position: z.number().int().min(1).nullable(),
  queue_size: z.number().int().min(0),
  /** Median hours between submission and decision over the last 30 days; null without decisions. */
  median_review_hours_30d: z.number().min(0).nullable(),
  /** Nine in ten of those decisions came within this many hours; null without decisions. */
  p90_review_hours_30d: z.number().min(0).nullable(),
  /** How many decisions the two figures are drawn from. */
  decisions_30d: z.number().int().min(0),
  queued: Timestamp.nullable(),
});
export type QueuePosition = z.infer<typeof QueuePositionSchema>;

export const GetUserByEmailQuerySchema = z.object({ email: z.string().trim().min(1).max(256) });
