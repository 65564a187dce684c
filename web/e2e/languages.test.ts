import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl, waitForSearchIndex } from './browser';
import { apiJson, apiSession } from './demo-accounts';

/** The pages most people see, checked in every language and pseudo-locale. */
const MAIN_PAGES = ['/', '/mods', '/mod/lanternlight', '/settings/language'];

/**
 * How far the page can be scrolled sideways (0: it fits the window), and the innermost elements
 * that stick out, so a failure names what to fix.
 */
function horizontalOverflow(page: Page): Promise<{ overflow: number; sticking: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 1 || box.left < -1);
    });
    const innermost = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)));
    const describe = (element: HTMLElement) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    return { overflow: root.scrollWidth - width, sticking: root.scrollWidth > width ? innermost.slice(0, 5).map(describe) : [] };
  });
}

async function openAndSettle(page: Page, path: string, hl?: string): Promise<void> {
  const url = new URL(path, siteUrl);
  if (hl) url.searchParams.set('hl', hl);
  await page.goto(url.href);
  await page.locator('main').first().waitFor();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // Catalogs load after the shell: wait for the page's own language to be applied.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

describe.skipIf(!browserAvailable)('languages in a real browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    await waitForSearchIndex();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches the interface to German in the settings, keeps it for the visitor, and stays accessible', async () => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await openAndSettle(page, '/settings/language');
    // Not check(): the radio shows the choice once the language has loaded, not at the click.
    await page.getByRole('radio', { name: 'Deutsch German', exact: true }).click();
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await page.getByRole('group', { name: 'Sprache' }).waitFor();

    await openAndSettle(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Die Plattform für Spiel-Add-ons aus der Community' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await openAndSettle(page, '/mods');
    await page.getByRole('heading', { level: 1, name: 'Mods suchen' }).waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'mods-de');

    // The choice survives a new visit (the locale cookie).
    const again = await context.newPage();
    await openAndSettle(again, '/');
    expect(await again.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await context.close();
  });

  it("follows the browser's language for a first visit", async () => {
    const context = await browser.newContext({ locale: 'de-AT' });
    const page = await context.newPage();
    await openAndSettle(page, '/');
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await context.close();
  });

  it('fits German and the longer pseudo-locale on a phone and on a desktop', async () => {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      for (const hl of ['de-DE', 'en-XA']) {
        for (const path of MAIN_PAGES) {
          await openAndSettle(page, path, hl);
          expect({ hl, path, width: viewport.width, ...(await horizontalOverflow(page)) }).toEqual({ hl, path, width: viewport.width, overflow: 0, sticking: [] });
        }
      }
      await context.close();
    }
  });

  it('mirrors the main pages right to left without overflowing', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const page = await context.newPage();
    for (const path of MAIN_PAGES) {
      await openAndSettle(page, path, 'ar-XB');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect({ path, ...(await horizontalOverflow(page)) }).toEqual({ path, overflow: 0, sticking: [] });
      // Mirrored: the site's home link (the logo) sits at the right end of the header.
      const logo = await page.getByRole('banner').getByRole('link').first().boundingBox();
      expect(logo!.x + logo!.width / 2).toBeGreaterThan(640);
    }
    await screenshot(page, 'settings-rtl');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a project's description in another language, switched on the page and marked for assistive technology", async () => {
    const admin = await apiSession('demo-admin');
    const german = { summary: 'Hängende Laternen, Papierlampen und leuchtendes Moos.', description: 'Laternen, die Höhlen ohne eine einzige Fackel erhellen.' };
    await apiJson(admin, '/v2/project/lanternlight/translations/de-DE', { method: 'PUT', body: JSON.stringify(german) });
    try {
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      await openAndSettle(page, '/mod/lanternlight');
      const choice = page.getByRole('combobox', { name: 'Description language' });
      await choice.selectOption('de-DE');
      const shown = page.getByText(german.description);
      await shown.waitFor();
      expect(await shown.evaluate((element) => element.closest('[lang]')?.getAttribute('lang'))).toBe('de-DE');
      await page.getByText('Shown in German').waitFor({ state: 'attached' });
      expect(new URL(page.url()).searchParams.get('lang')).toBe('de-DE');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await screenshot(page, 'description-de');
      await context.close();
    } finally {
      await apiJson(admin, '/v2/project/lanternlight/translations/de-DE', { method: 'DELETE' });
    }
  });
});
