import { loadavg } from 'node:os';
import { ANALYTICS_DAY_EVENTS, type AnalyticsSetup, type RollupFigures } from './analytics-fixture.js';
import { formatRow, measure } from './measure.js';
import type { TargetsReady, TargetsRequest } from './targets.js';

type Ask = <T>(request: TargetsRequest) => Promise<T>;

const load = () => loadavg().map((v) => v.toFixed(2)).join(' / ');
const millions = (n: number) => `${(n / 1e6).toFixed(1)}M`;

/**
 * `GET /v2/analytics/downloads` for 100 projects over a year of daily roll-ups, through the real
 * API with a PAT of their owner; then the roll-up job over one day of raw download events.
 */
export async function benchAnalytics(ready: TargetsReady, ask: Ask, seconds: number): Promise<void> {
  console.log('Analytics\n');
  const setup = await ask<AnalyticsSetup>({ type: 'analytics-setup' });
  const seeded = setup.seedSeconds > 0 ? `seeded in ${setup.seedSeconds.toFixed(1)} s` : 'seed of an earlier run reused';
  console.log(
    `daily roll-ups for ${setup.startDate.slice(0, 10)} … ${setup.endDate.slice(0, 10)}: ${setup.dailyRows.toLocaleString('en-US')} dimension rows (and the per-day totals) standing for ` +
      `${millions(setup.yearTotal)} download events (${seeded}; written as the roll-up job would, the raw-event table never held them)\n`,
  );

  const params = new URLSearchParams({
    project_ids: JSON.stringify(setup.projectIds),
    start_date: setup.startDate,
    end_date: setup.endDate,
    resolution_minutes: '1440',
  });
  const url = `${ready.apiUrl}/v2/analytics/downloads?${params}`;
  const headers = { authorization: setup.pat };
  // The answer must be the seeded data, not an empty or partial one.
  const sample = (await (await fetch(url, { headers })).json()) as Record<string, Record<string, number>>;
  const answered = Object.values(sample).flatMap((series) => Object.values(series));
  const total = answered.reduce((sum, value) => sum + value, 0);
  if (Object.keys(sample).length !== setup.projectIds.length || total !== setup.queriedTotal) {
    throw new Error(`GET /v2/analytics/downloads answered ${Object.keys(sample).length} projects and ${total} downloads; expected ${setup.projectIds.length} and ${setup.queriedTotal}`);
  }
  console.log(
    `GET /v2/analytics/downloads, ${setup.projectIds.length} projects, one year in daily buckets (${answered.length.toLocaleString('en-US')} buckets, ` +
      `${millions(total)} downloads in the answer), PAT of the owner — one client (latency), ${seconds} s; load average ${load()}\n`,
  );
  await measure({ label: 'warm-up', url, headers, connections: 1, durationSeconds: 2 });
  const result = await measure({ label: 'GET /v2/analytics/downloads', url, headers, connections: 1, durationSeconds: seconds });
  console.log(formatRow(result));
  console.log(`p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms over ${result.requests} requests (goal p95 < 100 ms); load average ${load()}\n`);

  if (ANALYTICS_DAY_EVENTS === 0) return;
  console.log(`Roll-up job over one day of ${ANALYTICS_DAY_EVENTS.toLocaleString('en-US')} raw download events; load average ${load()}\n`);
  const rollup = await ask<RollupFigures>({ type: 'analytics-rollup', events: ANALYTICS_DAY_EVENTS });
  if (rollup.dayTotal !== rollup.events) throw new Error(`the roll-up counted ${rollup.dayTotal} downloads of ${rollup.events} events`);
  console.log(
    `inserted in ${rollup.insertSeconds.toFixed(1)} s; rollUpAnalytics: ${rollup.rollupSeconds.toFixed(1)} s (goal < 30 s) → ` +
      `${rollup.hourlyRows.toLocaleString('en-US')} hourly and ${rollup.dailyRows.toLocaleString('en-US')} daily dimension rows, ` +
      `${rollup.prunedEvents.toLocaleString('en-US')} raw events pruned; load average ${load()}\n`,
  );
}
