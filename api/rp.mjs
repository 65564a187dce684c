import { join } from 'node:path';
import { loadConfig, workspaceRoot } from '/work/main/api/dist/src/config.js';
import { openRuntime } from '/work/main/api/dist/src/runtime.js';
import { silentLogger } from '/work/main/api/dist/src/embedded/process-utils.js';
import { analyticsProjectIds, insertDownloadEventsForDay } from '/work/main/api/dist/bench/analytics-data.js';
import { sql } from 'drizzle-orm';
const config = loadConfig({ CAIRN_DATA_DIR: join(workspaceRoot(), '.data', 'bench'), LOG_LEVEL: 'silent', NODE_ENV: 'production', RUN_WORKER: 'false' });
const runtime = await openRuntime(config, silentLogger, { applicationName: 'x' });
const db = runtime.database.db;
const ids = await analyticsProjectIds(db, 1000);
const DAY = new Date('2026-01-01T00:00:00Z');
await db.execute(sql`delete from analytics_download_events where recorded_at >= ${DAY.toISOString()}::timestamptz`);
await insertDownloadEventsForDay(db, ids, DAY, 1_000_000);
await db.execute(sql`analyze analytics_download_events`);
const from = '2026-01-01 00:00:00+00';
const steps = [
 `delete from analytics_hourly where bucket >= '${from}'`,
 `insert into analytics_hourly (kind, project_id, bucket, country, loader, game_version, reason, monetized, count)
      select kind, project_id, date_trunc('hour', recorded_at, 'UTC'), country, loader, game_version, reason, monetized, count(*)
      from (
        select 1::smallint as kind, project_id, recorded_at, country, '' as loader, '' as game_version, '' as reason, monetized
          from analytics_view_events where recorded_at >= '${from}'
        union all
        select 2::smallint, project_id, recorded_at, country, loader, game_version, reason, monetized
          from analytics_download_events where recorded_at >= '${from}'
      ) events
      group by 1, 2, 3, 4, 5, 6, 7, 8 order by 1, 2, 3, 4, 5, 6, 7, 8`,
 `delete from analytics_daily where bucket >= '${from}'`,
 `insert into analytics_daily (kind, project_id, bucket, country, loader, game_version, reason, monetized, count)
      select kind, project_id, date_trunc('day', bucket, 'UTC'), country, loader, game_version, reason, monetized, sum(count)
      from analytics_hourly where bucket >= '${from}'
      group by 1, 2, 3, 4, 5, 6, 7, 8`,
 `delete from analytics_daily_totals where bucket >= '${from}'`,
 `insert into analytics_daily_totals (kind, project_id, bucket, count)
      select kind, project_id, date_trunc('day', bucket, 'UTC'), sum(count)
      from analytics_hourly where bucket >= '${from}'
      group by 1, 2, 3`,
 `delete from analytics_download_events where recorded_at < '2026-01-02 01:00:00+00'`,
];
await db.transaction(async (tx) => {
  await tx.execute(sql`set local work_mem = '64MB'`);
  if (process.argv[2] === 'narrow') {
    await tx.execute(sql.raw('alter table analytics_hourly drop constraint analytics_hourly_pk'));
    await tx.execute(sql.raw('alter table analytics_hourly drop constraint analytics_hourly_project_id_projects_id_fk'));
    await tx.execute(sql.raw('create index hourly_narrow on analytics_hourly (kind, project_id, bucket)'));
  }
  if (process.argv[2] === 'nofk') {
    await tx.execute(sql.raw('alter table analytics_hourly drop constraint analytics_hourly_project_id_projects_id_fk'));
  }
  const agg = steps[1].slice(steps[1].indexOf('select kind'));
  const variants = process.argv[2] === 'variants' ? [
    'select count(*) from (' + agg.replace(/order by[^)]*$/, '') + ') x',
    steps[1].replace(/order by[^)]*$/, ''),
  ] : steps.slice(0, 2);
  if (process.argv[3]) await tx.execute(sql.raw(`set local work_mem = '${process.argv[3]}'`));
  for (const s of variants) {
    const t = performance.now();
    const plan = await tx.execute(sql.raw('explain (analyze, timing off) ' + s));
    console.log(((performance.now() - t) / 1000).toFixed(1), 's:', s.slice(0, 50).replace(/\s+/g, ' '));
    for (const r of plan) { const l = r['QUERY PLAN']; if (/Trigger|Execution|Sort Method|Batches/.test(l)) console.log('   ', l.trim()); }
  }
  if (process.argv[2] !== 'keep') tx.rollback();
}).catch((e) => { if (!/rollback/i.test(String(e))) throw e; });
await db.execute(sql`delete from analytics_download_events where recorded_at >= ${DAY.toISOString()}::timestamptz`);
await runtime.close();
