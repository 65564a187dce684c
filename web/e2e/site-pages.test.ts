import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl, expectNoSeriousViolations } from './browser';

/** Every route of the site-pages issue, with a heading that proves real content rendered. */
const ROUTES: ReadonlyArray<[path: string, heading: string]> = [
  ['/app', 'Play with what you found'],
  ['/legal/terms', 'Terms of use'],
  ['/legal/rules', 'Content rules'],
  ['/legal/copyright', 'Copyright policy'],
  ['/legal/security', 'Security notice'],
  ['/legal/privacy', 'Privacy policy'],
  ['/legal/ccpa', 'California privacy notice'],
  ['/legal/cmp', 'Cookie preferences'],
  ['/legal/cmp-info', 'Cookie information'],
  ['/news/changelog', 'Changelog'],
  ['/flags', 'Feature flags'],
  ['/frog', 'You found the frog!'],
];

describe.skipIf(!browserAvailable)('the site pages in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('renders every route with real content, at phone width, without the not-found page', async () => {
    await page.goto(`${siteUrl}/app`);
    for (const [path, heading] of ROUTES) {
      // Client-side navigation after the first load, as a visitor following links would.
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(await page.getByText('Page not found').count(), path).toBe(0);
    }
    await screenshot(page, 'site-frog-phone');
  });

  it('shows a shareable changelog entry and serves the Atom feeds', async () => {
    await page.goto(`${siteUrl}/news/changelog?filter=app`);
    const first = page.getByRole('article').first();
    await first.getByRole('link').first().click();
    await page.getByRole('link', { name: 'View full changelog' }).waitFor();
    expect(page.url()).toMatch(/\/news\/changelog\/app\/\d{4}-\d{2}-\d{2}$/);
    const feedHref = await page.locator('link[rel="alternate"][type="application/atom+xml"]').first().getAttribute('href');
    expect(feedHref).toBe('/news/changelog/feed/app.xml');
    const feed = await page.request.get(`${siteUrl}${feedHref}`);
    expect(feed.ok()).toBe(true);
    const xml = await feed.text();
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('Quick play');
    await expectNoSeriousViolations(page);
  });

  it('toggles developer mode on /flags and the site reacts', async () => {
    await page.goto(`${siteUrl}/flags`);
    await page.getByRole('heading', { level: 1, name: 'Feature flags' }).waitFor();
    await expectNoSeriousViolations(page);
    const footerFlags = page.getByRole('contentinfo').getByRole('link', { name: 'Feature flags' });
    expect(await footerFlags.count()).toBe(0);
    await page.getByRole('checkbox', { name: 'developer mode' }).check();
    await footerFlags.waitFor();
    const cookies = await context.cookies(siteUrl);
    expect(JSON.parse(decodeURIComponent(cookies.find((c) => c.name === 'cairn-feature-flags')?.value ?? '{}'))).toEqual({ developerMode: true });
    // Developer mode offers the retro theme in the appearance settings.
    await page.goto(`${siteUrl}/settings`);
    await page.getByRole('radio', { name: 'Retro' }).waitFor();
  });

  it('declining optional cookies on /legal/cmp stops them being stored', async () => {
    await page.goto(`${siteUrl}/legal/cmp`);
    await page.getByRole('radio', { name: 'Essential cookies only' }).check();
    await page.getByRole('button', { name: 'Save choice' }).click();
    await page.getByText('Cookie preferences saved').waitFor();
    const names = (await context.cookies(siteUrl)).map((c) => c.name);
    expect(names).toContain('cairn-consent');
    expect(names).not.toContain('cairn-feature-flags');
    await page.goto(`${siteUrl}/settings`);
    await page.getByRole('radio', { name: 'Dark' }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect((await context.cookies(siteUrl)).map((c) => c.name)).not.toContain('cairn-color-mode');
    await page.goto(`${siteUrl}/legal/cmp`);
    await page.getByRole('heading', { level: 1, name: 'Cookie preferences' }).waitFor();
    await expectNoSeriousViolations(page);
  });

  it.each(['dark', 'oled', 'retro'])('keeps the cookie information page accessible in the %s theme', async (theme) => {
    const themed = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      await themed.addCookies([{ name: 'cairn-color-mode', value: theme, url: siteUrl }]);
      const themedPage = await themed.newPage();
      await themedPage.goto(`${siteUrl}/legal/cmp-info`);
      await themedPage.getByRole('heading', { level: 1, name: 'Cookie information' }).waitFor();
      expect(await themedPage.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      const violations = await seriousAccessibilityViolations(themedPage);
      expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
    } finally {
      await themed.close();
    }
  });
});
