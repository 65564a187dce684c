import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ANALYTICS_KIND, analyticsDailyTotals } from '../../db/schema/analytics.js';

export interface MonetizableUsage {
  projectId: number;
  views: number;
  downloads: number;
}

/**
 * Monetizable views and downloads of each project on one UTC day (`day` is its midnight), read
 * from the daily roll-up: the revenue distribution's input. Projects with neither are absent.
 * The day is complete only once the roll-up job has run after its end (it runs every few minutes).
 */
export async function monetizableUsageForDay(db: Executor, day: Date): Promise<MonetizableUsage[]> {
  const rows = await db.execute<{ project_id: string; views: string; downloads: string }>(sql`
    select project_id::text,
      coalesce(sum(monetized_count) filter (where kind = ${ANALYTICS_KIND.view}), 0)::text as views,
      coalesce(sum(monetized_count) filter (where kind = ${ANALYTICS_KIND.download}), 0)::text as downloads
    from ${analyticsDailyTotals}
    where bucket = ${day.toISOString()}::timestamptz
    group by project_id
    having sum(monetized_count) > 0
    order by project_id`);
  return rows.map((r) => ({ projectId: Number(r.project_id), views: Number(r.views), downloads: Number(r.downloads) }));
}
