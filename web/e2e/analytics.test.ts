import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { connectProductDatabase } from './product-database';

/**
 * The analytics chart against the real API: a project of the demo creator gets a few days of
 * rolled-up downloads and views (written into the roll-up tables the routes read, as the roll-up
 * job would), then the creator opens /dashboard/analytics, sees the totals, switches the range
 * (a new request with that range's bucket size) and downloads the CSV.
 */
const DAY_MS = 86_400_000;

describe.skipIf(!browserAvailable)('analytics in a real browser', () => {
  const suffix = Date.now().toString(36);
  const title = `Lodestone ${suffix}`;
  let token = '';
  let browser: Browser;
  let sql: postgres.Sql;
  const twoDaysAgo = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 2 * DAY_MS);

  beforeAll(async () => {
    token = await apiSession('demo');
    const form = new FormData();
    form.append('data', JSON.stringify({ title, slug: `lodestone-${suffix}`, description: 'Points north.', body: '', categories: [], client_side: 'required', server_side: 'optional', license_id: 'LicenseRef-Unknown', is_draft: true }));
    const created = await fetch(`${apiUrl}/v2/project`, { method: 'POST', headers: { Authorization: token }, body: form });
    expect(created.ok).toBe(true);

    sql = await connectProductDatabase();
    const [project] = await sql<{ id: string }[]>`select id::text from projects where slug = ${`lodestone-${suffix}`}`;
    // kind 2 = downloads, 1 = views, as the roll-up job writes them: hourly (below a day), the day's totals, its countries and sources.
    const bucket = twoDaysAgo.toISOString();
    await sql`insert into analytics_hourly (kind, project_id, bucket, country, loader, game_version, reason, source, monetized, count) values
      (2, ${project!.id}, ${bucket}, 'DE', '', '', 'standalone', 'ModrinthApp', true, 1200), (2, ${project!.id}, ${bucket}, 'US', '', '', 'standalone', 'website', true, 300),
      (1, ${project!.id}, ${bucket}, 'DE', '', '', '', '', true, 4000)`;
    await sql`insert into analytics_daily_totals (kind, project_id, bucket, count, monetized_count) values
      (2, ${project!.id}, ${bucket}, 1500, 1500), (1, ${project!.id}, ${bucket}, 4000, 4000)`;
    await sql`insert into analytics_daily_dimensions (kind, project_id, bucket, dimension, value, count) values
      (2, ${project!.id}, ${bucket}, 'country', 'DE', 1200), (2, ${project!.id}, ${bucket}, 'country', 'US', 300),
      (2, ${project!.id}, ${bucket}, 'reason', 'standalone', 1500), (2, ${project!.id}, ${bucket}, 'source', 'ModrinthApp', 1200),
      (2, ${project!.id}, ${bucket}, 'source', 'website', 300), (1, ${project!.id}, ${bucket}, 'country', 'DE', 4000)`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await sql?.end();
  });

  it('shows the chart, switches range, downloads the CSV and passes axe', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'dark', acceptDownloads: true });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, 'demo');

    await page.goto(`${siteUrl}/dashboard/analytics`);
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
    const table = page.getByRole('table', { name: /Downloads per period, Previous 30 days/ });
    // The table is drawn from the first answers and gains a column per project as the rest arrive.
    await expect.poll(async () => (await table.getByRole('columnheader').allTextContents()).indexOf(title), { timeout: 20_000 }).toBeGreaterThan(0);
    // The chart draws on a canvas inside its labelled image.
    await page.getByRole('img', { name: /Downloads per period/ }).locator('canvas').first().waitFor();
    const regions = page.getByRole('region', { name: 'Downloads by region' });
    expect(await regions.getByRole('rowheader', { name: 'Germany' }).count()).toBe(1);
    const sources = page.getByRole('region', { name: 'Downloads by source' });
    await sources.getByRole('rowheader', { name: 'ModrinthApp' }).waitFor();
    expect(await sources.getByRole('rowheader', { name: 'Cairn website' }).count()).toBe(1);

    const request = page.waitForRequest((r) => r.url().includes('/v2/analytics/downloads') && new URL(r.url()).searchParams.get('resolution_minutes') === '360');
    await page.getByLabel('Time range').selectOption('previous7Days');
    const response = await (await request).response();
    expect(response?.status()).toBe(200);
    await page.getByRole('table', { name: /Downloads per period, Previous 7 days/ }).waitFor({ state: 'attached' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download this data as CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('cairn-downloads-previous7Days.csv');
    const rows = (await readFile((await file.path())!, 'utf8')).trim().split('\r\n').map((row) => row.split(','));
    const index = rows[0]!.indexOf(title);
    expect(index).toBeGreaterThan(0);
    expect(rows.find((row) => row[0] === twoDaysAgo.toISOString())?.[index]).toBe('1500');
    expect(rows.slice(1).reduce((sum, row) => sum + Number(row[index]), 0)).toBe(1500);

    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await context.close();
  });
});
