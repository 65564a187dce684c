import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { anyBigint } from '../../db/sql-helpers.js';
import { projectDownloadDays } from '../../db/schema/download-stats.js';
import { searchOutbox } from '../../db/schema/catalogue.js';

/** Days counted as "trending" (today and the six before it, UTC). */
export const TRENDING_DAYS = 7;

/** Adds one counted download to today's row of the project (call inside the counting transaction). */
export async function countDailyDownload(tx: Executor, projectId: number): Promise<void> {
  await tx
    .insert(projectDownloadDays)
    .values({ projectId, day: sql`(now() at time zone 'utc')::date`, downloads: 1 })
    .onConflictDoUpdate({
      target: [projectDownloadDays.projectId, projectDownloadDays.day],
      set: { downloads: sql`${projectDownloadDays.downloads} + 1` },
    });
}

/** Downloads of each project over the trending window (projects without any are absent). */
export async function listTrendingDownloads(db: Executor, projectIds: readonly number[]): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db.execute<{ project_id: string; downloads: string }>(sql`
    select project_id::text, sum(downloads)::text as downloads from ${projectDownloadDays}
    where ${anyBigint(projectDownloadDays.projectId, projectIds)}
      and day > (now() at time zone 'utc')::date - ${TRENDING_DAYS}::int
    group by project_id`);
  return new Map(rows.map((r) => [Number(r.project_id), Number(r.downloads)]));
}

/**
 * When the window moves on (each UTC day), projects whose oldest counted day just fell out of
 * it need their trending figure recomputed: queue them for the search indexer. Also forgets
 * days older than a year.
 */
export async function queueTrendingWindowShift(db: Executor): Promise<number> {
  const rows = await db.execute(sql`
    insert into ${searchOutbox} (project_id)
    select distinct project_id from ${projectDownloadDays}
    where day = (now() at time zone 'utc')::date - ${TRENDING_DAYS}::int
    returning project_id`);
  await db.execute(sql`delete from ${projectDownloadDays} where day < (now() at time zone 'utc')::date - 366`);
  return rows.length;
}
