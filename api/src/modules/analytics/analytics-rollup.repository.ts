import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { ANALYTICS_KIND, analyticsDailyDimensions, analyticsDailyTotals, analyticsDownloadEvents, analyticsHourly, analyticsViewEvents } from '../../db/schema/analytics.js';

/** Raw events are kept this many whole hours before the current one, then only their roll-ups. */
export const RAW_RETENTION_HOURS = 3;
/** Hourly roll-ups (used for resolutions that are not whole days) are kept this long. */
export const HOURLY_RETENTION_DAYS = 90;
const ROLLUP_LOCK = 0x616e6c74; // any constant shared by every worker

export interface RollupResult {
  /** Start of the recomputed window (the oldest raw event's hour). */
  from: Date;
  prunedEvents: number;
}

/**
 * Recomputes the hourly roll-up from the raw events still kept (from the oldest one's hour on)
 * and the daily dimensions and totals of the days they touch from the hourly one, then forgets raw events
 * older than RAW_RETENTION_HOURS and hourly rows older than HOURLY_RETENTION_DAYS. Buckets are
 * replaced, never incremented, so running it again (or twice at once: it takes a lock) gives the
 * same totals; events are only pruned after their hour has been rolled up.
 */
export async function rollUpAnalytics(db: Database, now: Date = new Date()): Promise<RollupResult> {
  const nowIso = now.toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
    // A day's events group into ~10^5–10^6 buckets: aggregated in memory rather than spilled in 4 MB batches.
    await tx.execute(sql`set local work_mem = '64MB'`);
    const [bounds] = await tx.execute<{ from: string }>(sql`
      select least(
        (select date_trunc('hour', min(recorded_at), 'UTC') from ${analyticsViewEvents}),
        (select date_trunc('hour', min(recorded_at), 'UTC') from ${analyticsDownloadEvents}),
        date_trunc('hour', ${nowIso}::timestamptz, 'UTC'))::text as from`);
    const from = bounds!.from;

    await tx.execute(sql`delete from ${analyticsHourly} where bucket >= ${from}::timestamptz`);
    await tx.execute(sql`
      insert into ${analyticsHourly} (kind, project_id, bucket, country, loader, game_version, reason, source, monetized, count)
      select kind, project_id, date_trunc('hour', recorded_at, 'UTC'), country, loader, game_version, reason, source, monetized, count(*)
      from (
        select ${ANALYTICS_KIND.view}::smallint as kind, project_id, recorded_at, country, '' as loader, '' as game_version, '' as reason, '' as source, monetized
          from ${analyticsViewEvents} where recorded_at >= ${from}::timestamptz
        union all
        select ${ANALYTICS_KIND.download}::smallint, project_id, recorded_at, country, loader, game_version, reason, source, monetized
          from ${analyticsDownloadEvents} where recorded_at >= ${from}::timestamptz
      ) events
      group by 1, 2, 3, 4, 5, 6, 7, 8, 9
      -- In key order, each leaf of the primary key is filled in one go instead of revisited at random.
      order by 1, 2, 3, 4, 5, 6, 7, 8, 9`);

    const dayFrom = sql`date_trunc('day', ${from}::timestamptz, 'UTC')`;
    await tx.execute(sql`delete from ${analyticsDailyDimensions} where bucket >= ${dayFrom}`);
    await tx.execute(sql`
      insert into ${analyticsDailyDimensions} (kind, project_id, bucket, dimension, value, count)
      select h.kind, h.project_id, date_trunc('day', h.bucket, 'UTC'), d.dimension, d.value, sum(h.count)
      from ${analyticsHourly} h
      cross join lateral (values ('country', h.country), ('loader', h.loader), ('game_version', h.game_version), ('reason', h.reason), ('source', h.source)) d(dimension, value)
      where h.bucket >= ${dayFrom} and (h.kind = ${ANALYTICS_KIND.download} or d.dimension = 'country')
      group by 1, 2, 3, 4, 5`);
    await tx.execute(sql`delete from ${analyticsDailyTotals} where bucket >= ${dayFrom}`);
    await tx.execute(sql`
      insert into ${analyticsDailyTotals} (kind, project_id, bucket, count, monetized_count)
      select kind, project_id, date_trunc('day', bucket, 'UTC'), sum(count), coalesce(sum(count) filter (where monetized), 0)
      from ${analyticsHourly} where bucket >= ${dayFrom}
      group by 1, 2, 3`);

    const cutoff = sql`date_trunc('hour', ${nowIso}::timestamptz, 'UTC') - make_interval(hours => ${RAW_RETENTION_HOURS})`;
    const views = await tx.execute(sql`delete from ${analyticsViewEvents} where recorded_at < ${cutoff}`);
    const downloads = await tx.execute(sql`delete from ${analyticsDownloadEvents} where recorded_at < ${cutoff}`);
    await tx.execute(sql`
      delete from ${analyticsHourly}
      where bucket < date_trunc('day', ${nowIso}::timestamptz, 'UTC') - make_interval(days => ${HOURLY_RETENTION_DAYS})`);
    return { from: new Date(from), prunedEvents: views.count + downloads.count };
  });
}
