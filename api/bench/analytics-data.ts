import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { ANALYTICS_KIND } from '../src/db/schema/analytics.js';

/**
 * Synthetic analytics for the benchmark, written straight in SQL (generate_series) so that tens
 * of millions of events cost seconds: the daily rows the job would have produced for a year,
 * and raw download events for one day to roll up.
 */

const DAY_MS = 86_400_000;

// Weighted picks: earlier entries are chosen more often (index = floor(len × random()^k)).
const COUNTRIES = ['US', 'DE', 'BR', 'RU', 'GB', 'FR', 'PL', 'CA', 'CN', 'UA', 'AU', 'NL', 'JP', 'KR', 'ES', 'IT', 'SE', 'MX', 'TR', 'XX'];
const LOADERS = ['fabric', 'neoforge', 'forge', 'quilt'];
const GAME_VERSIONS = ['1.21.1', '1.20.1', '1.21.4', '1.21', '1.20.4', '1.19.2', '1.18.2', '1.16.5'];
const REASONS = ['standalone', 'dependency', 'modpack', 'update'];

const textArray = (values: readonly string[]) => sql.raw(`array['${values.join("','")}']::text[]`);

/** The first `count` synthetic projects (`synthetic-1` …), most popular first. */
export async function analyticsProjectIds(db: Database, count: number): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select p.id::text from generate_series(1, ${count}::int) i join projects p on p.slug = 'synthetic-' || i order by i`);
  if (rows.length < count) throw new Error(`the analytics bench needs ${count} synthetic projects, the catalogue has ${rows.length} (BENCH_PROJECTS)`);
  return rows.map((r) => Number(r.id));
}

export interface YearOfDownloads {
  projectIds: readonly number[];
  /** Midnight UTC of the first day. */
  from: Date;
  days: number;
  /** Download events the year stands for, shared among projects by a Zipf law (s = 0.9). */
  events: number;
}

/** Total downloads in the daily totals (or the daily dimensions' countries) for these projects and days. */
export async function sumDailyDownloads(
  db: Database,
  projectIds: readonly number[],
  from: Date,
  to: Date,
  table: 'analytics_daily_totals' | 'analytics_daily_dimensions' = 'analytics_daily_totals',
): Promise<number> {
  const [row] = await db.execute<{ total: string }>(sql`
    select coalesce(sum(count), 0)::text as total from ${sql.identifier(table)}
    where kind = ${ANALYTICS_KIND.download} and project_id = any(${sql.param([...projectIds])}::bigint[])
      and bucket >= ${from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz
      ${table === 'analytics_daily_dimensions' ? sql`and dimension = 'country'` : sql``}`);
  return Number(row!.total);
}

/**
 * Replaces the year's daily download rows of these projects: each project-day's total (8 in 9
 * monetized) and its split over countries, loaders, game versions and reasons. A project-day with
 * n downloads has min(n, 1 + √n) values of each dimension (at most 20 countries, 4 loaders, 8 game
 * versions, 4 reasons): popular projects reach more of them, as the roll-up would find. A weekly
 * swing of ±20 % keeps days from being identical. Returns the dimension rows written.
 */
export async function seedYearOfDownloads(db: Database, year: YearOfDownloads, print: (line: string) => void): Promise<number> {
  const ids = sql.param([...year.projectIds]);
  const to = new Date(year.from.getTime() + year.days * DAY_MS);
  for (const table of ['analytics_daily_dimensions', 'analytics_daily_totals']) {
    await db.execute(sql`
      delete from ${sql.identifier(table)} where kind = ${ANALYTICS_KIND.download} and project_id = any(${ids}::bigint[])
        and bucket >= ${year.from.toISOString()}::timestamptz and bucket < ${to.toISOString()}::timestamptz`);
  }
  let rows = 0;
  const started = Date.now();
  const batchDays = 31;
  for (let first = 0; first < year.days; first += batchDays) {
    const last = Math.min(year.days, first + batchDays) - 1;
    const projectDays = sql`
      with p as (
        select project_id, rank, power(rank, -0.9) as weight
        from unnest(${ids}::bigint[]) with ordinality as t(project_id, rank)
      )
      select p.project_id, ${year.from.toISOString()}::timestamptz + d * interval '1 day' as bucket,
        floor(${year.events}::float8 * p.weight / (select sum(weight) from p) / ${year.days}
          * (1 + 0.2 * sin(2 * pi() * d / 7.0)))::bigint as n
      from p, generate_series(${first}::int, ${last}::int) d`;
    const result = await db.transaction(async (tx) => {
      // Every project id comes from the projects table: skip the per-row foreign-key checks.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`
        insert into analytics_daily_totals (kind, project_id, bucket, count, monetized_count)
        select ${ANALYTICS_KIND.download}, project_id, bucket, n, n - n / 9 from (${projectDays}) pd where n > 0`);
      return tx.execute(sql`
        insert into analytics_daily_dimensions (kind, project_id, bucket, dimension, value, count)
        select ${ANALYTICS_KIND.download}, pd.project_id, pd.bucket, dim.name, dim.vals[1 + r], pd.n / parts + (case when r < pd.n % parts then 1 else 0 end)
        from (${projectDays}) pd
        cross join lateral (values
          ('country', ${textArray(COUNTRIES)}), ('loader', ${textArray(LOADERS)}),
          ('game_version', ${textArray(GAME_VERSIONS)}), ('reason', ${textArray(REASONS)})) dim(name, vals)
        cross join lateral (select least(pd.n, 1 + floor(sqrt(pd.n)), cardinality(dim.vals))::int as parts) k
        cross join lateral generate_series(0, parts - 1) r
        where pd.n > 0`);
    });
    rows += result.count;
    print(`  days ${first + 1}–${last + 1} of ${year.days}: ${rows.toLocaleString('en-US')} daily dimension rows (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // What autovacuum would have done to tables the job fills day by day.
  await db.execute(sql`vacuum analyze analytics_daily_dimensions`);
  await db.execute(sql`vacuum analyze analytics_daily_totals`);
  return rows;
}

/**
 * `count` raw download events spread over one UTC day: projects by popularity (the first ones
 * most), countries, loaders and game versions weighted, reasons 60 % standalone, 20 % dependency,
 * 15 % modpack, 5 % update, 200,000 distinct clients, 90 % monetized.
 */
export async function insertDownloadEventsForDay(db: Database, projectIds: readonly number[], day: Date, count: number): Promise<void> {
  const ids = sql.param([...projectIds]);
  await db.transaction(async (tx) => {
    // Project ids come from the projects table: skip the per-row foreign-key checks of this bulk load.
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`
    insert into analytics_download_events (project_id, version_id, recorded_at, client_key, country, loader, game_version, reason, dependent_on, monetized)
    select p.id, p.versions[1 + floor(power(e.v, 0.5) * array_length(p.versions, 1))::int],
      ${day.toISOString()}::timestamptz + e.t * interval '1 day',
      left(md5('client:' || floor(e.c * 200000)::int), 32),
      (${textArray(COUNTRIES)})[1 + floor(power(e.a, 2) * 20)::int],
      (${textArray(LOADERS)})[1 + floor(power(e.b, 2) * 4)::int],
      (${textArray(GAME_VERSIONS)})[1 + floor(power(e.g, 2) * 8)::int],
      case when e.r < 0.6 then 'standalone' when e.r < 0.8 then 'dependency' when e.r < 0.95 then 'modpack' else 'update' end,
      case when e.r >= 0.6 and e.r < 0.95 then (${ids}::bigint[])[(1 + p.rank % ${projectIds.length})::int] else null end,
      e.m < 0.9
    from (
      select 1 + floor(power(random(), 3) * ${projectIds.length})::int as rank, random() as v, random() as t, random() as c,
        random() as a, random() as b, random() as g, random() as r, random() as m
      from generate_series(1, ${count}::int)
    ) e
    join (
      select t.rank, t.id, (select array_agg(v.id order by v.id desc) from versions v where v.project_id = t.id) as versions
      from unnest(${ids}::bigint[]) with ordinality as t(id, rank)
    ) p on p.rank = e.rank`);
  });
}
