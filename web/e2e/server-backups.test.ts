import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * The panel's Backups tab against the real product: a Small server bought through billing and run
 * by the local node agent; a backup is created from the tab (progress shown while the node packs a
 * large world), then locked, renamed and restored after confirming.
 */
describe.skipIf(!browserAvailable)('server backups tab in a real browser', () => {
  const name = `Backups world ${Date.now().toString(36)}`;
  let browser: Browser;
  let session = '';
  let server: BoughtServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
    server = await buyRunningServer(session, name);
    // An incompressible file makes packing the world take long enough to watch its progress.
    const access = (await (await fetch(`${apiUrl}/v2/servers/${server.id}/access`, { headers: { Authorization: session } })).json()) as { files_url: string; token: string };
    const upload = await fetch(`${access.files_url}/contents?path=${encodeURIComponent('/big.bin')}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${access.token}`, 'Content-Type': 'application/octet-stream' },
      body: randomBytes(48 * 1024 * 1024),
    });
    expect(upload.ok).toBe(true);
  }, 180_000);
  afterAll(async () => {
    if (server) {
      await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
    }
    await browser?.close();
  });

  it('creates a backup with progress until ready, locks, renames and restores it after confirming', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server!.id}`);
    await page.getByRole('tab', { name: 'Backups' }).click();
    const tab = page.getByRole('tabpanel');
    await tab.getByText('You can keep up to 4 backups').waitFor();
    expect(await tab.getByLabel('0 of 4 backup slots used').getAttribute('data-tone')).toBe('normal');
    const create = tab.getByRole('button', { name: 'Create backup' });
    expect(await create.isDisabled()).toBe(true);
    await tab.getByText('Cannot create backup while server is running').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await tab.getByLabel('Create backups while the server is running').check();
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Create a backup' });
    expect(await dialog.getByLabel('Name').inputValue()).toBe('Backup #1');
    await dialog.getByLabel('Name').fill('E2E backup');
    await dialog.getByRole('button', { name: 'Create backup' }).click();

    const card = tab.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'E2E backup' }) });
    await card.getByRole('progressbar', { name: 'Progress of E2E backup' }).waitFor();
    await card.getByRole('button', { name: 'Prepare download' }).waitFor({ timeout: 120_000 });
    expect(await card.getByRole('progressbar').count()).toBe(0);
    expect(await tab.getByLabel('1 of 4 backup slots used').isVisible()).toBe(true);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'More actions for E2E backup' }).click();
    await page.getByRole('menuitem', { name: 'Lock' }).click();
    await card.getByText('Locked', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'More actions for E2E backup' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename backup' });
    await rename.getByLabel('Name').fill('Kept world');
    await rename.getByRole('button', { name: 'Save name' }).click();
    const renamed = tab.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Kept world' }) });
    await renamed.waitFor();
    await renamed.getByText('Locked', { exact: true }).waitFor();

    await renamed.getByRole('button', { name: 'More actions for Kept world' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    const confirm = page.getByRole('dialog', { name: 'Restore Kept world?' });
    await confirm.getByText(/overwrites all files/).waitFor();
    await confirm.getByRole('button', { name: 'Restore backup' }).click();
    await page.getByText('Restoring the backup').first().waitFor();
    await renamed.getByRole('button', { name: 'Prepare download' }).waitFor({ timeout: 120_000 });
    expect(await renamed.getByRole('alert').count()).toBe(0);
    await context.close();
  }, 300_000);
});
