import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * Options › Network and Platform on a real server of the local node agent: an extra port and a
 * custom address are added, then the server is reinstalled without erasing its data and the panel
 * shows the installing screen until the server is back.
 */
describe.skipIf(!browserAvailable)('server options in a real browser', () => {
  const name = `E2E options ${Date.now().toString(36)}`;
  let browser: Browser;
  let session = '';
  let server: BoughtServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
  });
  afterAll(async () => {
    // Idle servers would pile up on the shared local node.
    if (server) await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
    await browser?.close();
  });

  it('adds an allocation, sets a custom address, and reinstalls the platform keeping the world', async () => {
    server = await buyRunningServer(session, name);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server.id}`);
    await page.getByRole('tab', { name: 'Options' }).click();

    const network = page.getByRole('region', { name: 'Network' });
    await network.getByLabel('New allocation name').fill('Voice');
    await network.getByRole('button', { name: 'New allocation' }).click();
    await network.getByRole('cell', { name: 'Voice', exact: true }).waitFor();
    expect(await network.getByRole('row').count()).toBe(3);

    const subdomain = `e2e-${Date.now().toString(36)}`;
    await network.getByLabel('Subdomain').fill(subdomain);
    await network.getByText('This address is available.').waitFor();
    await network.getByRole('button', { name: 'Save address' }).click();
    await page.getByText('Custom address saved').first().waitFor();
    const saved = (await (await fetch(`${apiUrl}/v2/servers/${server.id}/network`, { headers: { Authorization: session } })).json()) as { subdomain: string };
    expect(saved.subdomain).toBe(subdomain);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const platform = page.getByRole('region', { name: 'Platform' });
    await platform.getByRole('radio', { name: /Vanilla/ }).waitFor();
    await platform.getByRole('button', { name: 'Install' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change platform' });
    await dialog.getByRole('button', { name: 'Install' }).click();
    await page.getByRole('heading', { name: "We're preparing your server" }).waitFor();
    await page.getByRole('tab', { name: 'Options' }).waitFor({ timeout: 120_000 });
    await page.getByRole('group', { name: /power/i }).getByRole('button', { name: 'Stop' }).waitFor();
    await context.close();
  }, 240_000);
});
