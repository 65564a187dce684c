import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * The panel's Schedules tab against the real product: a Small server bought through billing and
 * run by the local node agent; a nightly restart is created from its preset (the cron field read
 * back in words), run now, and its run appears in the history with its outcome once the worker
 * has restarted the server.
 */
describe.skipIf(!browserAvailable)('server schedules tab in a real browser', () => {
  const name = `Schedules world ${Date.now().toString(36)}`;
  let browser: Browser;
  let session = '';
  let server: BoughtServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
    server = await buyRunningServer(session, name);
  }, 180_000);
  afterAll(async () => {
    if (server) {
      await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
    }
    await browser?.close();
  });

  it('creates a nightly restart from its preset, runs it now and shows the run in the history', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server!.id}`);
    await page.getByRole('tab', { name: 'Schedules' }).click();
    const tab = page.getByRole('tabpanel');
    await tab.getByText('No schedules yet.', { exact: false }).waitFor();
    expect(await tab.getByText('0 / 4').isVisible()).toBe(true);

    await tab.getByRole('button', { name: 'New schedule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New schedule' });
    await dialog.getByRole('button', { name: 'Daily restart at 04:00' }).click();
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Nightly restart');
    await dialog.getByText('Reads: Every day at 04:00').waitFor();
    expect(await dialog.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
    // A wrong field is named before anything is sent.
    await dialog.getByLabel(/^Times/).fill('0 24 * * *');
    await dialog.getByText('hour: 24 is outside 0–23').waitFor();
    await dialog.getByLabel(/^Times/).fill('0 4 * * *');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create schedule' }).click();

    const item = tab.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nightly restart' }) });
    await item.waitFor();
    await item.getByText('Every day at 04:00').waitFor();
    // The next run is at 04:00 in the schedule's time zone.
    expect(await item.getByText(/04:00/).first().isVisible()).toBe(true);
    expect(await item.getByRole('switch', { name: 'On' }).isChecked()).toBe(true);

    await item.getByRole('button', { name: 'Run now' }).click();
    const history = item.getByRole('table', { name: 'Runs of Nightly restart' });
    await history.waitFor();
    const row = history.getByRole('row').filter({ hasText: 'Run now' });
    await row.getByText('Done').waitFor({ timeout: 90_000 });
    await row.getByText('1 step carried out').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Turned off, it has no next run.
    // The switch follows the saved schedule, so it changes once the API has answered.
    await item.getByRole('switch', { name: 'On' }).click();
    await item.getByText('Off', { exact: true }).waitFor();
    expect(await item.getByRole('switch', { name: 'On' }).isChecked()).toBe(false);
    await context.close();
  }, 240_000);
});
