import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * "Install on my server" from a modpack's page against the real product: the demo user's running
 * server (bought through billing, run by the local node agent) gets the demo pack Trailhead Camp's
 * first version from the pack's page, the Content tab shows the pack with its progress and
 * contents, and "Update pack" moves it to the second version after showing what changes.
 */
describe.skipIf(!browserAvailable)('installing a modpack on a server in a real browser', () => {
  let browser: Browser;
  let session: string;
  let server: BoughtServer;
  const name = `Camp ${Date.now().toString(36)}`;

  beforeAll(async () => {
    session = await apiSession('demo');
    [browser, server] = await Promise.all([launchBrowser(), buyRunningServer(session, name)]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (server) await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
  });

  it('installs the pack from its page, shows it on the Content tab and updates it', async () => {
    const versions = await apiJson<Array<{ id: string; version_number: string }>>(session, '/v2/project/trailhead-camp/version');
    const [newest, older] = versions as [{ id: string; version_number: string }, { id: string; version_number: string }];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/modpack/trailhead-camp`);
    await page.getByRole('button', { name: 'Install on my server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Install Trailhead Camp on a server' });
    await dialog.getByRole('combobox', { name: 'Server' }).selectOption({ label: `${name} (game version 1.21.4)` });
    await dialog.getByRole('combobox', { name: 'Pack version' }).selectOption({ label: older.version_number });
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Install' }).click();

    // Lands on the server's Content tab, where the pack shows as one item until it is installed.
    await page.waitForURL(`**/servers/manage/${server.id}?tab=content`);
    const pack = page.getByRole('region', { name: /Trailhead Camp/ });
    await pack.getByText('Installed', { exact: true }).waitFor({ timeout: 60_000 });
    await pack.getByText(`Version ${older.version_number}`).waitFor();
    await pack.getByText(/Client-only files not installed \(2\)/).click();
    await pack.getByRole('list', { name: 'Client-only files' }).getByText('client-overrides/options.txt').waitFor();
    await pack.getByText(/^Contents \(\d+ files\)/).click();
    await pack.getByRole('list', { name: 'Files of the pack on this server' }).getByText('config/trailhead/rules.txt').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await pack.getByRole('button', { name: `Update pack to ${newest.version_number}` }).click();
    const update = page.getByRole('dialog', { name: 'Update Trailhead Camp' });
    await update.getByText(`From ${older.version_number} to ${newest.version_number}`).waitFor();
    await update.getByRole('region', { name: /^Added/ }).getByText('config/trailhead/notice-board.txt').waitFor();
    await update.getByText('1 new version').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await update.getByRole('button', { name: 'Update pack' }).click();
    await pack.getByText(`Version ${newest.version_number}`).waitFor({ timeout: 60_000 });
    await pack.getByText('Installed', { exact: true }).waitFor({ timeout: 60_000 });

    // The server runs the pack's game version.
    const status = await apiJson<{ game_version: string }>(session, `/v2/servers/${server.id}`);
    expect(status.game_version).toBe('1.21.4');
    await context.close();
  }, 180_000);
});
