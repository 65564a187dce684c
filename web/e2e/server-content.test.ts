import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * The panel's Content tab against the real product: the demo user's running server (bought through
 * billing, run by the local node agent) gets the demo catalogue's Welcome Sign plugin from
 * "Add content", and its required library Signpost is installed with it.
 */
describe.skipIf(!browserAvailable)('server content in a real browser', () => {
  let browser: Browser;
  let session: string;
  let server: BoughtServer;

  beforeAll(async () => {
    session = await apiSession('demo');
    [browser, server] = await Promise.all([launchBrowser(), buyRunningServer(session, `Content ${Date.now().toString(36)}`)]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    if (server) await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
  });

  it('installs the demo plugin from Add content and lists it with the dependency that came with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server.id}`);
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByText(/Nothing is installed yet/).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add content' });
    await dialog.getByRole('searchbox', { name: /Search the catalogue/ }).fill('welcome');
    await dialog.getByRole('button', { name: 'Install Welcome Sign' }).click();
    await page.getByText('Installed with its dependencies: Signpost').waitFor();
    await dialog.getByText('Installed', { exact: true }).first().waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    const installed = page.getByRole('list', { name: 'Installed content' });
    // The library's row names Welcome Sign too ("Installed as a dependency of …"): match the row that starts with it.
    await installed.getByRole('listitem').filter({ hasText: /^Welcome Sign/ }).waitFor();
    const library = installed.getByRole('listitem').filter({ hasText: 'Signpost' });
    await library.getByText('Installed as a dependency of Welcome Sign').waitFor();
    expect(await installed.getByRole('listitem').count()).toBe(2);
    await expect(library.getByRole('switch', { name: 'Signpost enabled' }).isChecked()).resolves.toBe(true);
    await context.close();
  }, 120_000);
});
