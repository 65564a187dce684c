import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';

const THEMES = ['light', 'dark', 'oled', 'retro'] as const;

describe.skipIf(!browserAvailable)('app shell in a real browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  /** A fresh browser profile (own cookies) per test. */
  async function newPage(options: { width?: number; height?: number; theme?: string } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      colorScheme: 'light',
    });
    contexts.push(context);
    if (options.theme) {
      await context.addCookies([{ name: 'cairn-color-mode', value: options.theme, url: siteUrl }]);
    }
    return context.newPage();
  }

  /** The home page has rendered (its heading is there). */
  async function waitForHome(page: Page) {
    await page.getByRole('heading', { level: 1, name: 'The place for community-made game add-ons' }).waitFor();
  }

  it.each(THEMES)('renders the home page in the %s theme without serious accessibility violations', async (theme) => {
    const page = await newPage({ theme });
    await page.goto(siteUrl);
    await waitForHome(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expect(page.title()).resolves.toBe('Community game add-ons – Cairn');
    await screenshot(page, `home-${theme}`);
    await expectNoSeriousViolations(page);
  });

  it('applies the saved theme before the app runs, and the toggle persists across reloads', async () => {
    const page = await newPage();
    await page.goto(siteUrl);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    // Block the app bundle: whatever theme the page has now was set by the tiny script in <head>,
    // before the first paint, so there is no flash of the light theme.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.querySelector('#root')?.childElementCount)).toBe(0);

    await page.unroute('**/assets/*.js');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });

  it('lets the keyboard open, walk and close the discover menu', async () => {
    const page = await newPage();
    await page.goto(siteUrl);
    await waitForHome(page);
    const trigger = page.getByRole('button', { name: 'Discover content' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('Mods');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Resource Packs');
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('Plugins');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Mods');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('Plugins');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    // ↓ on the trigger opens the menu too; choosing an item navigates.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${siteUrl}/resourcepacks`);
  });

  it('has a bottom bar and a menu toggle at 360 px', async () => {
    const page = await newPage({ width: 360, height: 740 });
    await page.goto(siteUrl);
    await waitForHome(page);
    expect(await page.getByRole('button', { name: 'Discover content' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Create an account' }).isVisible()).toBe(true);
    // No horizontal scrolling at the narrowest supported width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'mobile-menu-open');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await screenshot(page, 'mobile-home');
  });

  const NOT_FOUND_CASES: Array<[string, string]> = [
    ...['mod', 'datapack', 'resourcepack', 'plugin', 'shader', 'modpack', 'project'].map(
      (prefix): [string, string] => [`/${prefix}/does-not-exist`, 'Project not found'],
    ),
    ['/user/nobody-here', 'User not found'],
    ['/organization/no-org', 'Organization not found'],
    ['/collection/AbCdEfGh', 'Collection not found'],
  ];

  it.each(NOT_FOUND_CASES)('%s shows "%s" with its reasons and a Terms link in a new tab', async (path, title) => {
    const page = await newPage();
    await page.goto(`${siteUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('list', { name: 'This can happen when:' }).getByRole('listitem').count()).toBe(3);
    const terms = page.getByRole('link', { name: 'Terms of Use', exact: true });
    expect(await terms.getAttribute('href')).toBe('/legal/terms');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    if (path.startsWith('/mod/')) {
      await screenshot(page, 'not-found-project');
      await expectNoSeriousViolations(page);
    }
  });

  it('shows "Page not found" with the path for unknown addresses', async () => {
    const page = await newPage({ theme: 'dark' });
    await page.goto(`${siteUrl}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByText('/no/such/page', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("The page you were looking for doesn't seem to exist.").isVisible()).toBe(true);
    await expect(page.title()).resolves.toBe('Page not found – Cairn');
    await screenshot(page, 'not-found-page');
    await expectNoSeriousViolations(page);
  });

  it('shows the error page with the status and message when the API fails', async () => {
    const page = await newPage();
    await page.route('**/v2/tag/loader', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'unavailable', description: 'The tag store is being rebuilt' }),
      }),
    );
    await page.goto(siteUrl);
    await page.getByRole('heading', { level: 1, name: 'Uh oh!' }).waitFor();
    await page.getByText('Error details').click();
    expect(await page.getByText('503', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('The tag store is being rebuilt').isVisible()).toBe(true);
    await screenshot(page, 'error-page');
    await expectNoSeriousViolations(page);
  });

  it('toggles developer mode with five clicks on the logo and says so', async () => {
    const page = await newPage();
    await page.goto(siteUrl);
    const logo = page.getByRole('link', { name: 'Cairn home' });
    for (let i = 0; i < 5; i++) await logo.click();
    await page.getByText('Developer mode activated').waitFor();
    await page.getByRole('link', { name: 'Feature flags' }).waitFor();
    await screenshot(page, 'developer-mode-toast');
    await expectNoSeriousViolations(page);
  });
});
