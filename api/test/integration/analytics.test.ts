import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { scopeBits } from '@cairn/shared/constants/scopes';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { ANALYTICS_KIND, analyticsDailyDimensions, analyticsDailyTotals, analyticsDownloadEvents, analyticsHourly, analyticsViewEvents } from '../../src/db/schema/analytics.js';
import { monetizableUsageForDay } from '../../src/modules/analytics/analytics.port.js';
import { rollUpAnalytics } from '../../src/modules/analytics/analytics-rollup.port.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, createPat, type Actors } from '../factories/users.js';
import { addTeamMember, insertOrganization, insertProject, type InsertedProject } from '../factories/catalogue.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';

// Strict wire shapes: base62 project ids → unix-second buckets (or country codes) → integer counts.
const SeriesSchema = z.record(z.string().regex(/^[0-9A-Za-z]{1,11}$/), z.record(z.string().regex(/^\d+$/), z.number().int().positive()));
const CountriesSchema = z.record(z.string().regex(/^[0-9A-Za-z]{1,11}$/), z.record(z.string().regex(/^[A-Z]{2}$/), z.number().int().positive()));
const SourcesSchema = z.record(z.string().regex(/^[0-9A-Za-z]{1,11}$/), z.record(z.string().regex(/^[\w.+/-]{1,64}$/), z.number().int().positive()));

let ctx: TestContext;
let actors: Actors;
let viewed: InsertedProject;
let downloaded: InsertedProject;
let history: InsertedProject;
let extra: InsertedProject;
let filePath: string;
let siteOrigin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
  siteOrigin = ctx.config.analytics.viewOrigins[0]!;
  viewed = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'viewed-mod' });
  downloaded = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'downloaded-mod' });
  history = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'history-mod' });
  const response = await postVersion(ctx.app, actors.creator.pat, versionData(downloaded.key), [{ part: 'file', filename: 'counted.jar', bytes: jar('counted') }]);
  filePath = new URL(VersionSchema.parse(response.json()).files[0]!.url).pathname;
});
afterAll(() => ctx.close());

const call = testClient(() => ctx.app);
/** A page view reported from the client address `ip`. */
const view = (url: string, ip: string, origin: string | undefined = siteOrigin) =>
  testClient(() => ctx.app, { remoteAddress: () => ip })('POST', '/v2/analytics/view', origin ? { origin } : undefined, { url });
const viewEvents = (projectId: number) =>
  ctx.database.db
    .select({ monetized: analyticsViewEvents.monetized, country: analyticsViewEvents.country })
    .from(analyticsViewEvents)
    .where(eq(analyticsViewEvents.projectId, projectId))
    .orderBy(analyticsViewEvents.recordedAt);
const downloadEvents = (projectId: number) =>
  ctx.database.db
    .select({
      country: analyticsDownloadEvents.country,
      loader: analyticsDownloadEvents.loader,
      gameVersion: analyticsDownloadEvents.gameVersion,
      reason: analyticsDownloadEvents.reason,
      dependentOn: analyticsDownloadEvents.dependentOn,
      source: analyticsDownloadEvents.source,
      monetized: analyticsDownloadEvents.monetized,
    })
    .from(analyticsDownloadEvents)
    .where(eq(analyticsDownloadEvents.projectId, projectId))
    .orderBy(analyticsDownloadEvents.recordedAt);
const read = (path: string, token: string) => call('GET', path, token);
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));

describe('views', () => {
  it('keeps every view but monetizes only 3 per IP prefix and project in 6 hours', async () => {
    for (let i = 0; i < 4; i++) expect((await view(`${siteOrigin}/mod/viewed-mod`, '8.8.8.8')).statusCode).toBe(204);
    // Another address of the same IPv6 /64 is the same client; another /64 is not.
    for (let i = 0; i < 4; i++) await view(`${siteOrigin}/project/${viewed.key}/versions`, `2a00:1450:4001:81${i}::${i + 1}`.replace(/81\d/, '810'));
    await view(`${siteOrigin}/mod/viewed-mod/gallery`, '2a00:1450:4001:811::1');
    const events = await viewEvents(viewed.id);
    expect(events.map((e) => e.monetized)).toEqual([true, true, true, false, true, true, true, false, true]);
    expect(events[0]!.country).toBe('US');
    expect(events[4]!.country).toBe('DE');
  });

  it('ignores pages that show no known project and refuses what is not a URL', async () => {
    const before = (await viewEvents(viewed.id)).length;
    expect((await view(`${siteOrigin}/mods`, '1.1.1.1')).statusCode).toBe(204);
    expect((await view(`${siteOrigin}/mod/no-such-project`, '1.1.1.1')).statusCode).toBe(204);
    expect((await view(`${siteOrigin}/user/viewed-mod`, '1.1.1.1')).statusCode).toBe(204);
    expect((await viewEvents(viewed.id)).length).toBe(before);
    const bad = await view('not a url', '1.1.1.1');
    expect(bad.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(bad.json()).description).toMatch(/url/);
  });

  it('accepts views from browsers only on the site origins', async () => {
    const foreign = await view(`${siteOrigin}/mod/viewed-mod`, '1.2.3.4', 'https://elsewhere.example');
    expect(foreign.statusCode).toBe(403);
    expect(ErrorBodySchema.parse(foreign.json()).error).toBe('origin_not_allowed');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = (origin: string) =>
      ctx.app.inject({ method: 'OPTIONS', url: '/v2/analytics/view', headers: { origin, 'access-control-request-method': 'POST' } });
    expect((await preflight('https://elsewhere.example')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await preflight(siteOrigin)).headers['access-control-allow-origin']).toBe(siteOrigin);
    // Other routes keep the open policy.
    const open = await ctx.app.inject({ method: 'OPTIONS', url: '/v2/statistics', headers: { origin: 'https://elsewhere.example' } });
    expect(open.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('downloads', () => {
  it('records counted downloads with country, loader, game version, reason and dependent project', async () => {
    const query = `?mr_download_reason=dependency&mr_loader=fabric&mr_game_version=1.20.1&mr_dependent_on=${viewed.key}`;
    expect((await ctx.app.inject({ method: 'GET', url: filePath + query, remoteAddress: '8.8.4.4' })).statusCode).toBe(200);
    const meta = JSON.stringify({ download_reason: 'modpack', loader: 'quilt', game_version: '1.21' });
    expect((await ctx.app.inject({ method: 'GET', url: filePath, remoteAddress: '2a00:1450:4001::5', headers: { 'cairn-download-meta': meta } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: filePath, remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    // Within the hour the same client's download is not counted again, so no event either.
    expect((await ctx.app.inject({ method: 'GET', url: filePath, remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    expect(await downloadEvents(downloaded.id)).toEqual([
      { country: 'US', loader: 'fabric', gameVersion: '1.20.1', reason: 'dependency', dependentOn: viewed.id, source: 'unknown', monetized: true },
      { country: 'DE', loader: 'quilt', gameVersion: '1.21', reason: 'modpack', dependentOn: null, source: 'unknown', monetized: true },
      { country: 'XX', loader: '', gameVersion: '', reason: 'standalone', dependentOn: null, source: 'unknown', monetized: true },
    ]);
  });

  it('refuses invalid download facts with a 400 naming them, counting nothing', async () => {
    const before = (await downloadEvents(downloaded.id)).length;
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['?mr_download_reason=because', {}, /mr_download_reason/],
      ['?mr_loader=not-a-loader', {}, /mr_loader/],
      ['?mr_game_version=1.20%20beta', {}, /mr_game_version/],
      ['?mr_dependent_on=%21%21', {}, /mr_dependent_on/],
      ['', { 'cairn-download-meta': '{nope' }, /cairn-download-meta/],
      ['', { 'cairn-download-meta': JSON.stringify({ download_reason: 'gift' }) }, /cairn-download-meta: download_reason/],
      ['', { 'cairn-download-meta': JSON.stringify({ surprise: 1 }) }, /cairn-download-meta/],
    ];
    for (const [query, headers, pattern] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url: filePath + query, remoteAddress: '10.9.9.9', headers });
      expect(response.statusCode, query || JSON.stringify(headers)).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).description).toMatch(pattern);
    }
    expect((await downloadEvents(downloaded.id)).length).toBe(before);
  });

  it('monetizes at most 3 downloads per client and project in 6 hours', async () => {
    extra = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
    const versions = [];
    for (let i = 0; i < 4; i++) {
      const response = await postVersion(ctx.app, actors.creator.pat, versionData(extra.key, { version_number: `1.${i}` }), [{ part: 'file', filename: `v${i}.jar`, bytes: jar(`v${i}`) }]);
      versions.push(new URL(VersionSchema.parse(response.json()).files[0]!.url).pathname);
    }
    for (const path of versions) expect((await ctx.app.inject({ method: 'GET', url: path, remoteAddress: '9.9.9.9' })).statusCode).toBe(200);
    expect((await downloadEvents(extra.id)).map((e) => e.monetized)).toEqual([true, true, true, false]);
  });
});

describe('download sources', () => {
  const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

  it('attributes each counted download to the launcher its User-Agent names, the website, or unknown', async () => {
    const sourced = await insertProject(ctx.database.db, { ownerId: actors.user.id, slug: 'sourced-mod' });
    const response = await postVersion(ctx.app, actors.user.pat, versionData(sourced.key), [{ part: 'file', filename: 'sourced.jar', bytes: jar('sourced') }]);
    const path = new URL(VersionSchema.parse(response.json()).files[0]!.url).pathname;
    const downloads: Array<[string, Record<string, string>]> = [
      ['100.64.0.1', { 'user-agent': 'ModrinthApp/0.9.3 (support@example.com)' }],
      ['100.64.0.2', { 'user-agent': 'ModrinthApp/0.9.4 (support@example.com)', referer: `${siteOrigin}/` }],
      ['100.64.0.3', { 'user-agent': 'PrismLauncher/8.4 (https://prismlauncher.org) okhttp/4.12.0' }],
      ['100.64.0.4', { 'user-agent': 'modrinth/theseus/0.9.3 (linux; support@example.com)' }],
      ['100.64.0.5', { 'user-agent': 'okhttp/4.9.3' }],
      ['100.64.0.6', {}],
      ['100.64.0.7', { 'user-agent': firefox, referer: 'https://forum.example/thread/7' }],
      ['100.64.0.8', { 'user-agent': firefox, referer: `${siteOrigin}/` }],
      ['100.64.0.9', { 'user-agent': firefox, origin: siteOrigin }],
    ];
    for (const [ip, headers] of downloads) {
      expect((await ctx.app.inject({ method: 'GET', url: path, remoteAddress: ip, headers })).statusCode, JSON.stringify(headers)).toBe(200);
    }
    // The same client again within the hour: neither counted nor attributed twice, whatever it calls itself.
    await ctx.app.inject({ method: 'GET', url: path, remoteAddress: '100.64.0.1', headers: { 'user-agent': 'Other/1.0 (x@example.com)' } });
    expect((await downloadEvents(sourced.id)).map((e) => e.source)).toEqual([
      'ModrinthApp',
      'ModrinthApp',
      'PrismLauncher',
      'modrinth/theseus',
      'unknown',
      'unknown',
      'unknown',
      'website',
      'website',
    ]);

    await rollUpAnalytics(ctx.database.db);
    const expected = { ModrinthApp: 2, PrismLauncher: 1, 'modrinth/theseus': 1, unknown: 3, website: 2 };
    for (const query of ['', '&resolution_minutes=60']) {
      const sources = await read(`/v2/analytics/sources/downloads?project_ids=${ids(sourced.key)}${query}`, actors.user.pat);
      expect(sources.statusCode).toBe(200);
      expect(SourcesSchema.parse(sources.json()), query).toEqual({ [sourced.key]: expected });
    }
    // Each dimension adds up to the day's total on its own, the source as well.
    const [day] = await ctx.database.db.execute<{ sources: string; countries: string; total: string }>(sql`
      select (select sum(count) from ${analyticsDailyDimensions} where project_id = ${sourced.id} and kind = ${ANALYTICS_KIND.download} and dimension = 'source')::text as sources,
        (select sum(count) from ${analyticsDailyDimensions} where project_id = ${sourced.id} and kind = ${ANALYTICS_KIND.download} and dimension = 'country')::text as countries,
        (select sum(count) from ${analyticsDailyTotals} where project_id = ${sourced.id} and kind = ${ANALYTICS_KIND.download})::text as total`);
    expect(day).toEqual({ sources: '9', countries: '9', total: '9' });

    // Others' projects are left out, as on every analytics read.
    expect(SourcesSchema.parse((await read(`/v2/analytics/sources/downloads?project_ids=${ids(sourced.key)}`, actors.stranger.pat)).json())).toEqual({});
  });

  it('refuses a range it cannot answer, naming the parameter', async () => {
    const response = await read('/v2/analytics/sources/downloads?resolution_minutes=90', actors.user.pat);
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).description).toMatch(/resolution_minutes/);
  });
});

// History lies 10 and 9 days back (UTC), inside the hourly roll-up's retention.
const D1 = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 10 * 86_400_000).toISOString().slice(0, 10);
const D2 = new Date(Date.parse(`${D1}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const D3 = new Date(Date.parse(`${D2}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** The fixed dates written in these tests, moved to D1, D2, D3. */
const at = (text: string) => text.replaceAll('2026-03-01', D1).replaceAll('2026-03-02', D2).replaceAll('2026-03-03', D3);

describe('roll-ups', () => {
  const day = (iso: string) => new Date(`${at(iso)}T00:00:00Z`);
  const seedHistory = async () => {
    const rows = [
      // 2026-03-01: 2 monetized views (US), 1 unmonetized; 3 downloads over two hours (2 from the website, 1 by a launcher).
      { kind: 'view', at: '2026-03-01T10:15:00Z', country: 'US', monetized: true },
      { kind: 'view', at: '2026-03-01T10:45:00Z', country: 'US', monetized: true },
      { kind: 'view', at: '2026-03-01T11:05:00Z', country: 'FR', monetized: false },
      { kind: 'download', at: '2026-03-01T10:20:00Z', country: 'US', monetized: true, source: 'website' },
      { kind: 'download', at: '2026-03-01T13:20:00Z', country: 'FR', monetized: true, source: 'PrismLauncher' },
      { kind: 'download', at: '2026-03-01T13:40:00Z', country: 'FR', monetized: false, source: 'website' },
      // 2026-03-02: one download, its source left to the column's default.
      { kind: 'download', at: '2026-03-02T00:10:00Z', country: 'DE', monetized: true },
    ] as const;
    for (const row of rows) {
      const common = { projectId: history.id, recordedAt: new Date(at(row.at)), clientKey: 'k', country: row.country, monetized: row.monetized };
      if (row.kind === 'view') await ctx.database.db.insert(analyticsViewEvents).values(common);
      else await ctx.database.db.insert(analyticsDownloadEvents).values({ ...common, versionId: 1, loader: 'fabric', gameVersion: '1.20.1', reason: 'standalone', ...('source' in row ? { source: row.source } : {}) });
    }
  };
  const totals = async () => {
    const hourly = (await ctx.database.db.execute<{ bucket: string; kind: number; monetized: boolean; count: string }>(sql`
      select bucket::text, kind, monetized, sum(count)::text as count from ${analyticsHourly} where project_id = ${history.id}
      group by 1, 2, 3 order by 1, 2, 3`)).map((r) => `${r.bucket} ${r.kind} ${r.monetized} ${r.count}`);
    const dimensions = (await ctx.database.db.execute<{ bucket: string; kind: number; dimension: string; value: string; count: string }>(sql`
      select bucket::text, kind, dimension, value, count::text from ${analyticsDailyDimensions} where project_id = ${history.id}
      order by 1, 2, 3, 4`)).map((r) => `${r.bucket} ${r.kind} ${r.dimension}=${r.value} ${r.count}`);
    const perDay = (await ctx.database.db.execute<{ bucket: string; kind: number; count: string; monetized_count: string }>(sql`
      select bucket::text, kind, count::text, monetized_count::text from ${analyticsDailyTotals} where project_id = ${history.id} order by 1, 2`)).map(
      (r) => `${r.bucket} ${r.kind} ${r.count} (${r.monetized_count} monetized)`,
    );
    return { hourly, dimensions, perDay };
  };

  it('folds raw events into hourly and daily buckets, idempotently, then prunes the raw events', async () => {
    await seedHistory();
    const now = new Date();
    const first = await rollUpAnalytics(ctx.database.db, now);
    expect(first.from.toISOString()).toBe(at('2026-03-01T10:00:00.000Z'));
    expect(first.prunedEvents).toBeGreaterThanOrEqual(7);
    const once = await totals();
    // Each dimension of a day adds up on its own; views only have countries.
    expect(once.dimensions).toEqual([
      '2026-03-01 00:00:00+00 1 country=FR 1',
      '2026-03-01 00:00:00+00 1 country=US 2',
      '2026-03-01 00:00:00+00 2 country=FR 2',
      '2026-03-01 00:00:00+00 2 country=US 1',
      '2026-03-01 00:00:00+00 2 game_version=1.20.1 3',
      '2026-03-01 00:00:00+00 2 loader=fabric 3',
      '2026-03-01 00:00:00+00 2 reason=standalone 3',
      '2026-03-01 00:00:00+00 2 source=PrismLauncher 1',
      '2026-03-01 00:00:00+00 2 source=website 2',
      '2026-03-02 00:00:00+00 2 country=DE 1',
      '2026-03-02 00:00:00+00 2 game_version=1.20.1 1',
      '2026-03-02 00:00:00+00 2 loader=fabric 1',
      '2026-03-02 00:00:00+00 2 reason=standalone 1',
      '2026-03-02 00:00:00+00 2 source=unknown 1',
    ].map(at));
    // The per-day totals the charts and the revenue distribution read: every dimension added up, and the monetized part.
    expect(once.perDay).toEqual([
      '2026-03-01 00:00:00+00 1 3 (2 monetized)',
      '2026-03-01 00:00:00+00 2 3 (2 monetized)',
      '2026-03-02 00:00:00+00 2 1 (1 monetized)',
    ].map(at));
    expect(once.hourly).toEqual([
      '2026-03-01 10:00:00+00 1 true 2',
      '2026-03-01 10:00:00+00 2 true 1',
      '2026-03-01 11:00:00+00 1 false 1',
      '2026-03-01 13:00:00+00 2 false 1',
      '2026-03-01 13:00:00+00 2 true 1',
      '2026-03-02 00:00:00+00 2 true 1',
    ].map(at));
    const [left] = await ctx.database.db.execute<{ n: string }>(sql`select count(*)::text as n from ${analyticsViewEvents} where project_id = ${history.id}`);
    expect(left!.n).toBe('0');

    // Running again (the raw events are gone) and twice at once changes nothing.
    await rollUpAnalytics(ctx.database.db, now);
    await Promise.all([rollUpAnalytics(ctx.database.db, now), rollUpAnalytics(ctx.database.db, now)]);
    expect(await totals()).toEqual(once);

    // Fresh events of the current hour are kept raw and rolled up every run without double counting.
    await view(`${siteOrigin}/mod/history-mod`, '5.5.5.5');
    await rollUpAnalytics(ctx.database.db);
    await rollUpAnalytics(ctx.database.db);
    const [today] = await ctx.database.db.execute<{ n: string }>(sql`
      select coalesce(sum(count), 0)::text as n from ${analyticsDailyTotals} where project_id = ${history.id} and kind = ${ANALYTICS_KIND.view} and bucket >= date_trunc('day', now(), 'UTC')`);
    expect(today!.n).toBe('1');
    expect((await viewEvents(history.id)).length).toBe(1);
  });

  it('gives revenue the monetizable views and downloads of a day', async () => {
    const usage = await monetizableUsageForDay(ctx.database.db, day('2026-03-01'));
    expect(usage).toEqual([{ projectId: history.id, views: 2, downloads: 2 }]);
    expect(await monetizableUsageForDay(ctx.database.db, day('2026-03-02'))).toEqual([{ projectId: history.id, views: 0, downloads: 1 }]);
    expect(await monetizableUsageForDay(ctx.database.db, day('2026-03-03'))).toEqual([]);
  });

  it('forgets the roll-ups of a deleted project', async () => {
    const doomed = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'doomed-mod' });
    expect((await view(`${siteOrigin}/mod/doomed-mod`, '6.6.6.6')).statusCode).toBe(204);
    await rollUpAnalytics(ctx.database.db);
    const rows = async () => {
      const [row] = await ctx.database.db.execute<{ n: string }>(sql`
        select ((select count(*) from ${analyticsHourly} where project_id = ${doomed.id})
          + (select count(*) from ${analyticsDailyDimensions} where project_id = ${doomed.id})
          + (select count(*) from ${analyticsDailyTotals} where project_id = ${doomed.id}))::text as n`);
      return Number(row!.n);
    };
    expect(await rows()).toBe(3);
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/v2/project/${doomed.key}`, headers: { authorization: actors.creator.pat } });
    expect(deleted.statusCode).toBe(204);
    expect(await rows()).toBe(0);
  });

  it('answers buckets of the asked resolution from the daily or hourly roll-up', async () => {
    const range = at('start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T00:00:00Z');
    const daily = await read(`/v2/analytics/downloads?project_ids=${ids(history.slug)}&${range}`, actors.creator.pat);
    expect(daily.statusCode).toBe(200);
    const t = (iso: string) => String(Date.parse(at(iso)) / 1000);
    expect(SeriesSchema.parse(daily.json())).toEqual({ [history.key]: { [t('2026-03-01T00:00:00Z')]: 3, [t('2026-03-02T00:00:00Z')]: 1 } });

    // Whole days wider than one add the per-day totals up into buckets aligned on the epoch.
    const twoDays = await read(`/v2/analytics/downloads?project_ids=${ids(history.slug)}&${range}&resolution_minutes=2880`, actors.creator.pat);
    const twoDayBucket = (iso: string) => String(Math.floor(Date.parse(at(iso)) / 172_800_000) * 172_800);
    const expectedTwoDays: Record<string, number> = {};
    for (const [iso, n] of [['2026-03-01T00:00:00Z', 3], ['2026-03-02T00:00:00Z', 1]] as const) {
      expectedTwoDays[twoDayBucket(iso)] = (expectedTwoDays[twoDayBucket(iso)] ?? 0) + n;
    }
    expect(SeriesSchema.parse(twoDays.json())).toEqual({ [history.key]: expectedTwoDays });

    const hourly = await read(`/v2/analytics/views?project_ids=${ids(history.key)}&${range}&resolution_minutes=60`, actors.creator.pat);
    expect(SeriesSchema.parse(hourly.json())).toEqual({ [history.key]: { [t('2026-03-01T10:00:00Z')]: 2, [t('2026-03-01T11:00:00Z')]: 1 } });
    const sixHours = await read(`/v2/analytics/downloads?project_ids=${ids(history.key)}&${range}&resolution_minutes=360`, actors.creator.pat);
    expect(SeriesSchema.parse(sixHours.json())).toEqual({ [history.key]: { [t('2026-03-01T06:00:00Z')]: 1, [t('2026-03-01T12:00:00Z')]: 2, [t('2026-03-02T00:00:00Z')]: 1 } });

    const countries = await read(`/v2/analytics/countries/downloads?project_ids=${ids(history.key)}&${range}`, actors.creator.pat);
    expect(CountriesSchema.parse(countries.json())).toEqual({ [history.key]: { US: 1, FR: 2, DE: 1 } });
    // Sources over the same range, from the daily dimensions and from the hourly roll-up alike.
    for (const resolution of [1440, 60]) {
      const sources = await read(`/v2/analytics/sources/downloads?project_ids=${ids(history.key)}&${range}&resolution_minutes=${resolution}`, actors.creator.pat);
      expect(SourcesSchema.parse(sources.json()), String(resolution)).toEqual({ [history.key]: { website: 2, PrismLauncher: 1, unknown: 1 } });
    }
    const viewCountries = await read(`/v2/analytics/countries/views?project_ids=${ids(history.key)}&${range}`, actors.creator.pat);
    expect(CountriesSchema.parse(viewCountries.json())).toEqual({ [history.key]: { US: 2, FR: 1 } });
  });

  it('defaults to the last 14 days by day and to the caller\'s own projects', async () => {
    await rollUpAnalytics(ctx.database.db);
    const response = await read('/v2/analytics/views', actors.creator.pat);
    const body = SeriesSchema.parse(response.json());
    expect(Object.keys(body).sort()).toEqual([viewed.key, downloaded.key, history.key, extra.key].sort());
    const todayBucket = String(Math.floor(Date.now() / 86_400_000) * 86_400);
    expect(body[viewed.key]).toEqual({ [todayBucket]: 9 });
    expect(body[history.key]).toEqual({ [String(Date.parse(`${D1}T00:00:00Z`) / 1000)]: 3, [todayBucket]: 1 });
  });

  it('refuses resolutions and ranges it cannot answer, naming the parameter', async () => {
    const cases: Array<[string, RegExp]> = [
      ['resolution_minutes=90', /resolution_minutes/],
      ['resolution_minutes=0', /resolution_minutes/],
      ['resolution_minutes=abc', /resolution_minutes/],
      ['start_date=2026-03-02T00:00:00Z&end_date=2026-03-01T00:00:00Z', /start_date/],
      ['start_date=yesterday', /start_date/],
      ['start_date=2020-01-01T00:00:00Z&end_date=2026-01-01T00:00:00Z&resolution_minutes=60', /resolution_minutes/],
      ['project_ids=notjson', /project_ids/],
    ];
    for (const [query, pattern] of cases) {
      const response = await read(`/v2/analytics/downloads?${query}`, actors.creator.pat);
      expect(response.statusCode, query).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).description, query).toMatch(pattern);
    }
  });
});

describe('who may read analytics', () => {
  const range = at('start_date=2026-03-01T00:00:00Z&end_date=2026-03-03T00:00:00Z');
  const askFor = (token: string, project: InsertedProject) => read(`/v2/analytics/downloads?project_ids=${ids(project.key)}&${range}`, token);

  it('silently leaves out projects the caller may not view analytics of', async () => {
    expect(SeriesSchema.parse((await askFor(actors.stranger.pat, history)).json())).toEqual({});

    await addTeamMember(ctx.database.db, history.teamId, actors.user.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    expect(SeriesSchema.parse((await askFor(actors.user.pat, history)).json())).toEqual({});
    await ctx.database.db.execute(sql`update team_members set permissions = ${PROJECT_PERMISSIONS.VIEW_ANALYTICS} where team_id = ${history.teamId} and user_id = ${actors.user.id}`);
    expect(Object.keys(SeriesSchema.parse((await askFor(actors.user.pat, history)).json()))).toEqual([history.key]);

    // A pending invitation grants nothing.
    await addTeamMember(ctx.database.db, history.teamId, actors.stranger.id, { permissions: PROJECT_PERMISSIONS.VIEW_ANALYTICS, accepted: false });
    expect(SeriesSchema.parse((await askFor(actors.stranger.pat, history)).json())).toEqual({});

    // Admins see every project; moderators' project rights do not include analytics.
    expect(Object.keys(SeriesSchema.parse((await askFor(actors.admin.pat, history)).json()))).toEqual([history.key]);
    expect(SeriesSchema.parse((await askFor(actors.moderator.pat, history)).json())).toEqual({});
  });

  it('lets organization members with VIEW_ANALYTICS read the organization\'s projects', async () => {
    const owner = actors.creator;
    const organization = await insertOrganization(ctx.database.db, { ownerId: owner.id });
    const project = await insertProject(ctx.database.db, { ownerId: owner.id, organizationId: organization.id });
    const reader = await createActorsOnce();
    await addTeamMember(ctx.database.db, organization.teamId, reader.analyst.id, { permissions: PROJECT_PERMISSIONS.VIEW_ANALYTICS, organizationPermissions: 0 });
    await addTeamMember(ctx.database.db, organization.teamId, reader.member.id, { permissions: 0, organizationPermissions: 0 });
    expect(Object.keys(SeriesSchema.parse((await askFor(reader.analyst.pat, project)).json()))).toEqual([project.key]);
    expect(SeriesSchema.parse((await askFor(reader.member.pat, project)).json())).toEqual({});
    expect(Object.keys(SeriesSchema.parse((await askFor(owner.pat, project)).json()))).toEqual([project.key]);
  });

  it('needs a token with the ANALYTICS scope', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/analytics/views' })).statusCode).toBe(401);
    const narrow = await createPat(ctx.database.db, actors.creator.id, scopeBits('PROJECT_READ'));
    const response = await read('/v2/analytics/views', narrow);
    expect(response.statusCode).toBe(401);
    expect(ErrorBodySchema.parse(response.json()).description).toMatch(/ANALYTICS/);
  });
});

async function createActorsOnce() {
  const { insertUserWithTokens } = await import('../factories/users.js');
  return {
    analyst: await insertUserWithTokens(ctx.database.db, { username: 'Analyst' }),
    member: await insertUserWithTokens(ctx.database.db, { username: 'OrgMember' }),
  };
}
