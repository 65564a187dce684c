import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * Public server listings end to end: the demo user lists their running server from its panel, a
 * moderator approves it in the review queue, and a visitor finds it by search and facet and sees
 * its live player count (from the worker's status ping of the real server) and its address.
 */
describe.skipIf(!browserAvailable)('server listings in a real browser', () => {
  const name = `E2E listed ${Date.now().toString(36)}`;
  let browser: Browser;
  let session = '';
  let server: BoughtServer | undefined;
  let listingId: string | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
  });
  afterAll(async () => {
    if (listingId) await apiJson(session, `/v2/server_listing/${listingId}`, { method: 'DELETE' }).catch(() => undefined);
    // Idle servers would pile up on the shared local node.
    if (server) await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
    await browser?.close();
  });

  it("lists a hosted server from its panel, has it approved, and shows visitors its live player count", async () => {
    server = await buyRunningServer(session, name);

    // The owner: Options › Network › List this server publicly.
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await owner.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server.id}`);
    await page.getByRole('tab', { name: 'Options' }).click();
    await page.getByRole('region', { name: 'Network' }).getByRole('link', { name: 'List this server publicly' }).click();
    await page.getByRole('heading', { name: 'List a server' }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel('Game version').inputValue()).toMatch(/^\d+\.\d+/);
    await page.getByLabel('Summary').fill('A world the browser tests list.');
    await page.getByLabel('Region').selectOption('europe');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send for review' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    listingId = new URL(page.url()).pathname.split('/').pop();
    await page.getByText('Hosted on Cairn').first().waitFor();
    await page.getByText(/Waiting for review/).waitFor();
    await owner.close();

    // The moderator approves it in the review queue.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const review = await staff.newPage();
    review.setDefaultTimeout(30_000);
    await signIn(review, 'demo-moderator');
    await review.goto(`${siteUrl}/moderation/server-listings`);
    const queued = review.getByRole('article', { name });
    await queued.waitFor();
    expect(await seriousAccessibilityViolations(review)).toEqual([]);
    await queued.getByRole('button', { name: 'Approve' }).click();
    await review.getByText('Decision saved').first().waitFor();
    await staff.close();

    // A visitor searches, narrows by region, opens the page and sees the live count and the address.
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: siteUrl });
    const guest = await visitor.newPage();
    guest.setDefaultTimeout(30_000);
    await guest.goto(`${siteUrl}/server-listings`);
    await guest.getByRole('searchbox', { name: 'Search servers' }).fill(name);
    await guest.getByRole('button', { name: 'Search' }).click();
    await guest.getByRole('link', { name: /^Europe \(\d+\)$/ }).click();
    await guest.waitForURL(/region=europe/);
    const card = guest.getByRole('article', { name });
    await card.waitFor();
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
    await card.getByRole('link', { name }).click();
    await guest.getByRole('heading', { name, level: 1 }).waitFor();
    // The worker pinged the real server when the listing was made; the page refreshes its state.
    const live = guest.getByText(/^\d+ \/ \d+ players online$/);
    for (let attempt = 0; attempt < 30 && !(await live.isVisible()); attempt++) {
      await guest.waitForTimeout(1000);
      await guest.reload();
    }
    await live.waitFor();
    const address = `${server.net!.host}:${server.net!.port}`;
    await guest.getByText(address, { exact: true }).waitFor();
    await guest.getByRole('button', { name: 'Copy address' }).click();
    await guest.getByText('Copied').waitFor();
    expect(await guest.evaluate(() => navigator.clipboard.readText())).toBe(address);
    expect(await guest.getByRole('heading', { name: 'Your listing' }).count()).toBe(0);
    expect(await seriousAccessibilityViolations(guest)).toEqual([]);
    await visitor.close();
  }, 300_000);
});
