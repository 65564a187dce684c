import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';

/**
 * Creator revenue against the real API and the sandbox payout processor: the demo creator, who
 * shares a monetized project of the demo catalogue (the seed distributes six weeks of the revenue
 * pool), sees revenue in the analytics chart and on the revenue page, connects a PayPal account
 * (unless an earlier run did), withdraws the minimum by PayPal in the chosen region through the
 * sandbox and watches the transfer go from in transit to success (the sandbox settles it a few
 * seconds later and tells the API by its signed webhook).
 */
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));

describe.skipIf(!browserAvailable)('revenue in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows revenue, connects PayPal, withdraws by PayPal in the chosen region through the sandbox and follows the transfer to success', async () => {
    const token = await apiSession('demo');
    const before = (await (await fetch(`${apiUrl}/v2/payout/balance`, { headers: { Authorization: token } })).json()) as { available: number };
    expect(before.available).toBeGreaterThanOrEqual(500);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page: Page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page, 'demo');

    // The chart's Revenue tile carries the seeded revenue; selecting it charts it.
    await page.goto(`${siteUrl}/dashboard/analytics`);
    const revenueTile = page.getByRole('button', { name: /^Revenue/ });
    await expect.poll(async () => dollars((await revenueTile.textContent())?.replace(/^Revenue/, '') ?? ''), { timeout: 20_000 }).toBeGreaterThan(0);
    await revenueTile.click();
    await page.getByRole('table', { name: /Revenue per period, Previous 30 days/ }).waitFor({ state: 'attached' });

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Revenue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Revenue' }).waitFor();
    const figure = (name: string) => page.locator('dt', { hasText: name }).locator('xpath=following-sibling::dd[1]');
    expect(dollars(await figure('Available now').textContent())).toBe(Math.floor(before.available) / 100);
    expect(dollars(await figure('Earned in total').textContent())).toBeGreaterThanOrEqual(before.available / 100);
    await page.getByText(/Revenue is held for \d+ days? after the day it is earned/).waitFor();
    await screenshot(page, 'revenue-overview');
    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Withdrawals by PayPal go to the PayPal account linked in "Payout methods".
    const methods = page.getByRole('region', { name: 'Payout methods' });
    const paypalEmail = methods.getByLabel('PayPal account email');
    if (await paypalEmail.isVisible()) {
      await paypalEmail.fill('demo.paypal@example.com');
      await methods.getByRole('button', { name: 'Connect PayPal account' }).click();
    }
    await methods.getByText(/^Connected to .+@/).waitFor();

    await page.getByRole('link', { name: 'Withdraw' }).click();
    await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
    await page.getByLabel('Region').selectOption('US');
    await page.getByRole('radio', { name: /PayPal/ }).check();
    const amount = page.getByLabel('Amount in US dollars');
    await amount.fill('1');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByText('The smallest withdrawal by this method is $5.00.').waitFor();
    await amount.fill('5');
    const preview = page.getByRole('region', { name: 'Fee preview' });
    await preview.getByText('$4.75').waitFor();
    await page.getByRole('checkbox', { name: 'I agree to the fee of $0.25: I will receive $4.75.' }).check();
    await page.getByRole('checkbox', { name: /^I confirm the transfer to .+@/ }).check();
    await screenshot(page, 'revenue-withdraw');
    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByRole('heading', { name: 'Withdrawal started' }).waitFor();

    await page.getByRole('link', { name: 'View transfer history' }).click();
    await page.getByRole('heading', { level: 1, name: 'Transfer history' }).waitFor();
    const row = page.getByRole('table', { name: 'Transfer history' }).getByRole('row').nth(1);
    await expect.poll(async () => row.textContent(), { timeout: 5_000 }).toContain('$5.00');
    // The sandbox settles the payout after a few seconds; reload until the page shows it.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Transfer history' }).waitFor();
          return (await row.locator('td').nth(4).textContent()) ?? '';
        },
        { timeout: 45_000, interval: 2_000 },
      )
      .toBe('Success');
    expect(await page.getByRole('table', { name: 'Revenue credited' }).getByRole('row').count()).toBeGreaterThan(1);
    await screenshot(page, 'revenue-transfers');
    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    const after = (await (await fetch(`${apiUrl}/v2/payout/balance`, { headers: { Authorization: token } })).json()) as { available: number; withdrawn_lifetime: number };
    expect(after.available).toBe(before.available - 500);
    expect(after.withdrawn_lifetime).toBe(500);
    await context.close();
  }, 180_000);
});
