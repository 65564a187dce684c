import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { signIn } from './demo-accounts';

/**
 * A hosted server from purchase to console against the real product: the demo user buys the Small
 * plan on /servers with the sandbox's Visa card, the list shows the new server, its panel connects
 * to the local node agent's console WebSocket (a real flying-squid server), and the power buttons
 * and the command line drive it.
 */
describe.skipIf(!browserAvailable)('hosted servers in a real browser', () => {
  const name = `E2E world ${Date.now().toString(36)}`;
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('buys a Small server, opens its panel, stops and starts it, and uses the console', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');

    await page.goto(`${siteUrl}/servers#plan`);
    const plans = page.getByRole('region', { name: 'Plans' });
    await plans.getByRole('listitem', { name: 'Small' }).getByText('$6.00 / month').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await plans.getByRole('button', { name: 'Get Small' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'New Small server' });
    await nameDialog.getByLabel('Server name').fill(name);
    await nameDialog.getByRole('button', { name: 'Continue to payment' }).click();

    const pay = page.getByRole('dialog', { name: 'Pay for your Small server' });
    // With cards saved by earlier purchases the dialog first offers them: wait for either form.
    const newCard = pay.getByRole('radio', { name: 'Add a new card' });
    const cardNumber = pay.getByLabel('Card number');
    await expect.poll(async () => (await newCard.isVisible()) || (await cardNumber.isVisible()), { timeout: 30_000 }).toBe(true);
    if (await newCard.isVisible()) await newCard.check();
    await pay.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.getByLabel('Expiry date').fill('12/40');
    await pay.getByLabel('Security code').fill('123');
    await pay.getByRole('button', { name: 'Pay $6.00' }).click();

    await page.waitForURL(`${siteUrl}/servers/manage`).catch(async (error: unknown) => {
      throw new Error(`${String(error)}\nPayment dialog: ${await pay.textContent().catch(() => '')}`);
    });
    const card = page.getByRole('link', { name });
    await card.waitFor({ timeout: 60_000 });
    await card.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();

    // Placed, installed and started by the reconcile job: wait until it runs.
    const power = page.getByRole('group', { name: 'Power' });
    const stop = power.getByRole('button', { name: 'Stop' });
    await expect.poll(() => stop.isEnabled(), { timeout: 120_000, interval: 1000 }).toBe(true);
    await stop.click();
    const start = power.getByRole('button', { name: 'Start' });
    await expect.poll(() => start.isEnabled(), { timeout: 60_000, interval: 500 }).toBe(true);

    const log = page.getByRole('log', { name: 'Console output' });
    const before = (await log.textContent()) ?? '';
    await start.click();
    await expect.poll(async () => ((await log.textContent()) ?? '').length > before.length, { timeout: 60_000, interval: 500 }).toBe(true);
    await expect.poll(() => stop.isEnabled(), { timeout: 60_000, interval: 500 }).toBe(true);

    const command = page.getByRole('textbox', { name: /Command/ });
    await command.fill('say hello from cairn');
    await command.press('Enter');
    await expect.poll(() => command.inputValue()).toBe('');
    await expect.poll(async () => (await log.textContent()) ?? '', { timeout: 30_000, interval: 500 }).toContain('hello from cairn');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await stop.click();
    await expect.poll(() => start.isEnabled(), { timeout: 60_000, interval: 500 }).toBe(true);
    await context.close();
  }, 300_000);
});
