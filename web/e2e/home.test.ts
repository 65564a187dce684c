import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';

describe.skipIf(!browserAvailable)('home page in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('loads the loader list from the real API', async () => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v2/')) apiCalls.push(request.url());
    });
    await page.goto(siteUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByText('Fabric', { exact: true }).first().waitFor();
    await expect(page.getByText('Paper', { exact: true }).first().isVisible()).resolves.toBe(true);
    // The site talks to the API on its own origin (CORS), as configured at runtime.
    expect(apiCalls.some((url) => url.endsWith('/v2/tag/loader'))).toBe(true);
    await screenshot(page, 'home');
  });

  it('has no serious accessibility violations', async () => {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it('shows a not-found page for unknown paths', async () => {
    await page.goto(`${siteUrl}/no/such/page`);
    await page.getByText('Page not found').first().waitFor();
    await screenshot(page, 'not-found');
  });
});
