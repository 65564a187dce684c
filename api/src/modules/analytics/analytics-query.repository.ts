import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { analyticsDailyDimensions, analyticsDailyTotals, analyticsHourly } from '../../db/schema/analytics.js';
import { anyBigint } from '../../db/sql-helpers.js';

export interface SeriesQuery {
  kind: number;
  projectIds: readonly number[];
  start: Date;
  end: Date;
  resolutionSeconds: number;
  /** Read the daily roll-up (whole-day resolutions) rather than the hourly one. */
  daily: boolean;
}

/**
 * Sums per project and bucket (bucket starts aligned on multiples of the resolution since the epoch,
 * as unix seconds), one JSON object per project in time order. Whole days come from the per-day
 * totals, which have no dimensions to add up: at a resolution of one day each row is a bucket, read
 * from an index that holds the count (no heap visits, no grouping); a year of 100 projects is
 * 36,500 buckets, handed over as 100 JSON texts (spliced into the answer as they are) rather than
 * 36,500 rows.
 */
export async function listSeries(db: Executor, q: SeriesQuery): Promise<Array<{ projectId: number; seriesJson: string }>> {
  const table = q.daily ? analyticsDailyTotals : analyticsHourly;
  const granularity = q.daily ? '1 day' : '1 hour';
  const range = sql`kind = ${q.kind} and ${anyBigint(table.projectId, q.projectIds)}
    and bucket > ${q.start.toISOString()}::timestamptz - ${granularity}::interval and bucket < ${q.end.toISOString()}::timestamptz`;
  const rows =
    q.daily && q.resolutionSeconds === 86_400
      ? await db.execute<{ project_id: string; series: string }>(sql`
          select project_id::text, json_object_agg(extract(epoch from bucket)::bigint, count order by bucket)::text as series
          from ${analyticsDailyTotals}
          where ${range}
          group by project_id`)
      : await db.execute<{ project_id: string; series: string }>(sql`
          select project_id::text, json_object_agg(bucket_start, value order by bucket_start)::text as series
          from (
            select project_id, bucket_start, sum(count) as value
            from ${table}
            cross join lateral (select extract(epoch from bucket)::bigint / ${q.resolutionSeconds}::bigint * ${q.resolutionSeconds}::bigint as bucket_start) b
            where ${range}
            group by project_id, bucket_start
          ) sums
          group by project_id`);
  return rows.map((r) => ({ projectId: Number(r.project_id), seriesJson: r.series }));
}

/** The dimensions the read routes break totals down by (each is a column of the hourly roll-up). */
export type BreakdownDimension = 'country' | 'source';
const HOURLY_COLUMN = { country: analyticsHourly.country, source: analyticsHourly.source } as const;

/**
 * Sums per project and value of one dimension (country, download source) over the range: whole
 * days from the daily dimensions, others from the hourly roll-up.
 */
export async function listBreakdown(
  db: Executor,
  q: Omit<SeriesQuery, 'resolutionSeconds'> & { dimension: BreakdownDimension },
): Promise<Array<{ projectId: number; key: string; value: number }>> {
  const table = q.daily ? analyticsDailyDimensions : analyticsHourly;
  const granularity = q.daily ? '1 day' : '1 hour';
  const range = sql`kind = ${q.kind} and ${anyBigint(table.projectId, q.projectIds)}
    and bucket > ${q.start.toISOString()}::timestamptz - ${granularity}::interval and bucket < ${q.end.toISOString()}::timestamptz`;
  const rows = q.daily
    ? await db.execute<{ project_id: string; key: string; value: string }>(sql`
        select project_id::text, value as key, sum(count)::text as value
        from ${analyticsDailyDimensions}
        where ${range} and dimension = ${q.dimension}
        group by 1, 2`)
    : await db.execute<{ project_id: string; key: string; value: string }>(sql`
        select project_id::text, ${HOURLY_COLUMN[q.dimension]} as key, sum(count)::text as value
        from ${analyticsHourly}
        where ${range}
        group by 1, 2`);
  return rows.map((r) => ({ projectId: Number(r.project_id), key: r.key, value: Number(r.value) }));
}

/** Projects whose team, or whose organization's team, the user has accepted membership of (newest first). */
export async function listMemberProjectIds(db: Executor, userId: number, limit: number): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select p.id::text from projects p
    left join organizations o on o.id = p.organization_id
    where exists (
      select 1 from team_members m
      where m.user_id = ${userId} and m.accepted and (m.team_id = p.team_id or m.team_id = o.team_id))
    order by p.id desc
    limit ${limit}`);
  return rows.map((r) => Number(r.id));
}
