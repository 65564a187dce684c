import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl, waitForSearchIndex } from './browser';

describe.skipIf(!browserAvailable)('home page in a real browser', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    await waitForSearchIndex();
    browser = await launchBrowser();
    page = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows random projects and the latest updates from the real API', async () => {
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v2/')) apiCalls.push(new URL(request.url()).pathname);
    });
    await page.goto(siteUrl);
    await page.getByRole('heading', { level: 1, name: 'The place for community-made game add-ons' }).waitFor();
    await page.getByRole('group', { name: 'A few projects from the catalogue' }).getByRole('link').first().waitFor();
    await page.getByRole('region', { name: 'Latest updates' }).getByRole('heading', { level: 3 }).first().waitFor();
    // The site talks to the API on its own origin (CORS), as configured at runtime.
    expect(apiCalls).toContain('/v2/projects_random');
    expect(apiCalls).toContain('/v2/search');
    await screenshot(page, 'home');
  });

  it('searches as you type in the live demo', async () => {
    const demo = page.getByRole('region', { name: /Discover/ });
    const input = demo.getByRole('searchbox', { name: 'Search every project' });
    await input.fill('');
    await input.pressSequentially('satchel', { delay: 20 });
    await demo.getByRole('heading', { level: 3, name: 'Satchel' }).waitFor();
    await expect.poll(() => demo.getByRole('heading', { level: 3 }).count()).toBe(1);
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
