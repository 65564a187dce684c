import type { Executor } from '../../db/client.js';
import type { ProjectUsage } from './distribution.js';
import { listDownloadsOfDay } from './payouts.repository.js';

/**
 * Where a day's monetizable usage comes from: views and downloads per project for one UTC day
 * (midnight). The analytics module's `monetizableUsageForDay` has this shape.
 */
export type UsageSource = (db: Executor, day: Date) => Promise<ProjectUsage[]>;

/** Counted downloads from the per-day download counters, without views. */
export const countedDownloadsUsage: UsageSource = async (db, day) =>
  (await listDownloadsOfDay(db, isoDay(day))).map((r) => ({ projectId: r.projectId, views: 0, downloads: r.downloads }));

export const isoDay = (day: Date) => day.toISOString().slice(0, 10);
