import { sql } from 'drizzle-orm';
import { scopeBits } from '@cairn/shared/constants/scopes';
import type { Database } from '../src/db/client.js';
import { personalAccessTokens } from '../src/db/schema/auth.js';
import { SYNTHETIC_OWNER } from '../src/db/seed/synthetic-catalogue.js';
import { encodeBase62, randomId } from '../src/lib/ids.js';
import { generateToken, hashToken } from '../src/lib/tokens.js';
import { rollUpAnalytics } from '../src/modules/analytics/analytics-rollup.port.js';
import { analyticsProjectIds, insertDownloadEventsForDay, seedYearOfDownloads, sumDailyDownloads } from './analytics-data.js';

/** Sizes, overridable for quick runs while developing. */
export const ANALYTICS_PROJECTS = Number(process.env.BENCH_ANALYTICS_PROJECTS ?? 1000);
export const ANALYTICS_YEAR_EVENTS = Number(process.env.BENCH_ANALYTICS_YEAR_EVENTS ?? 50_000_000);
export const ANALYTICS_DAY_EVENTS = Number(process.env.BENCH_ANALYTICS_DAY_EVENTS ?? 1_000_000);
const QUERIED_PROJECTS = 100;

// A fixed year (so the seed is reused between runs) and the day after it for the raw events:
// the roll-up only rewrites days from its oldest raw event on, so it never touches the year.
const YEAR_FROM = new Date('2025-01-01T00:00:00Z');
const YEAR_DAYS = 365;
const YEAR_TO = new Date(YEAR_FROM.getTime() + YEAR_DAYS * 86_400_000);
const RAW_DAY = YEAR_TO;

export interface AnalyticsSetup {
  type: 'analytics-setup';
  /** A personal access token of the synthetic catalogue's owner with the ANALYTICS scope. */
  pat: string;
  /** Base62 ids of the queried projects: every tenth of the seeded ones, popular and not. */
  projectIds: string[];
  startDate: string;
  endDate: string;
  /** Downloads of the queried projects over the year, for checking the API's answer. */
  queriedTotal: number;
  yearTotal: number;
  dailyRows: number;
  /** Seconds spent seeding in this run (0 when an earlier run's seed was reused). */
  seedSeconds: number;
}

export interface RollupFigures {
  type: 'analytics-rollup';
  events: number;
  insertSeconds: number;
  rollupSeconds: number;
  prunedEvents: number;
  hourlyRows: number;
  dailyRows: number;
  /** Downloads in the day's daily rows after the roll-up (must equal `events`). */
  dayTotal: number;
}

/** Seeds the year of daily downloads unless an earlier run left exactly it, and signs the owner in with a PAT. */
export async function prepareAnalyticsBench(db: Database, print: (line: string) => void): Promise<AnalyticsSetup> {
  const seeded = await analyticsProjectIds(db, ANALYTICS_PROJECTS);
  const expected = await expectedYearTotal(db, seeded);
  let yearTotal = await sumDailyDownloads(db, seeded, YEAR_FROM, YEAR_TO);
  let seedSeconds = 0;
  if (yearTotal !== expected) {
    print(`Seeding a year of daily download roll-ups for ${seeded.length} projects (${ANALYTICS_YEAR_EVENTS.toLocaleString('en-US')} events) — once; later runs reuse it.`);
    const started = Date.now();
    await seedYearOfDownloads(db, { projectIds: seeded, from: YEAR_FROM, days: YEAR_DAYS, events: ANALYTICS_YEAR_EVENTS }, print);
    seedSeconds = (Date.now() - started) / 1000;
    yearTotal = await sumDailyDownloads(db, seeded, YEAR_FROM, YEAR_TO);
  }
  // What autovacuum does to a table the job fills day by day (the charts read it with index-only scans).
  await db.execute(sql`vacuum analyze analytics_daily_totals`);
  if ((await sumDailyDownloads(db, seeded, YEAR_FROM, YEAR_TO, 'analytics_daily_dimensions')) !== yearTotal) {
    throw new Error('the daily dimensions of the benchmark year do not add up to its totals');
  }
  const stride = Math.max(1, Math.floor(seeded.length / QUERIED_PROJECTS));
  const queried = seeded.filter((_, i) => i % stride === 0).slice(0, QUERIED_PROJECTS);
  const [rows] = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from analytics_daily_dimensions where bucket >= ${YEAR_FROM.toISOString()}::timestamptz and bucket < ${YEAR_TO.toISOString()}::timestamptz`);

  const [owner] = await db.execute<{ id: string }>(sql`select id::text from users where lower(username) = ${SYNTHETIC_OWNER}`);
  const pat = generateToken('pat');
  await db.insert(personalAccessTokens).values({
    id: Number(randomId()),
    name: 'analytics benchmark',
    tokenHash: hashToken(pat),
    userId: Number(owner!.id),
    scopes: scopeBits('ANALYTICS'),
    expires: new Date(Date.now() + 86_400_000),
  });
  return {
    type: 'analytics-setup',
    pat,
    projectIds: queried.map(encodeBase62),
    startDate: YEAR_FROM.toISOString(),
    endDate: YEAR_TO.toISOString(),
    queriedTotal: await sumDailyDownloads(db, queried, YEAR_FROM, YEAR_TO),
    yearTotal,
    dailyRows: Number(rows!.n),
    seedSeconds,
  };
}

/** What the seed writes for these sizes, computed the same way (so a seed of other sizes is redone). */
async function expectedYearTotal(db: Database, projectIds: readonly number[]): Promise<number> {
  const [row] = await db.execute<{ total: string }>(sql`
    with p as (select power(rank, -0.9) as weight from generate_series(1, ${projectIds.length}::int) rank)
    select coalesce(sum(floor(${ANALYTICS_YEAR_EVENTS}::float8 * p.weight / (select sum(weight) from p) / ${YEAR_DAYS}
      * (1 + 0.2 * sin(2 * pi() * d / 7.0)))::bigint), 0)::text as total
    from p, generate_series(0, ${YEAR_DAYS - 1}::int) d`);
  return Number(row!.total);
}

/** Inserts one day of raw download events and times the roll-up job's own function over them. */
export async function timeAnalyticsRollup(db: Database, events: number): Promise<RollupFigures> {
  const projectIds = await analyticsProjectIds(db, ANALYTICS_PROJECTS);
  // Leftovers of an interrupted run would be rolled up too.
  await db.execute(sql`delete from analytics_download_events where recorded_at >= ${RAW_DAY.toISOString()}::timestamptz`);
  let started = Date.now();
  await insertDownloadEventsForDay(db, projectIds, RAW_DAY, events);
  const insertSeconds = (Date.now() - started) / 1000;
  await db.execute(sql`analyze analytics_download_events`);

  // The job as the worker runs it, a few hours after the day ended, so the day's raw events are also pruned.
  const now = new Date(RAW_DAY.getTime() + 28 * 3_600_000);
  started = Date.now();
  const result = await rollUpAnalytics(db, now);
  const rollupSeconds = (Date.now() - started) / 1000;

  const dayEnd = new Date(RAW_DAY.getTime() + 86_400_000).toISOString();
  const [counts] = await db.execute<{ hourly: string; daily: string; total: string }>(sql`
    select (select count(*) from analytics_hourly where bucket >= ${RAW_DAY.toISOString()}::timestamptz and bucket < ${dayEnd}::timestamptz)::text as hourly,
      (select count(*) from analytics_daily_dimensions where bucket = ${RAW_DAY.toISOString()}::timestamptz)::text as daily,
      (select coalesce(sum(count), 0) from analytics_daily_dimensions where bucket = ${RAW_DAY.toISOString()}::timestamptz and dimension = 'country')::text as total`);
  return {
    type: 'analytics-rollup',
    events,
    insertSeconds,
    rollupSeconds,
    prunedEvents: result.prunedEvents,
    hourlyRows: Number(counts!.hourly),
    dailyRows: Number(counts!.daily),
    dayTotal: Number(counts!.total),
  };
}
