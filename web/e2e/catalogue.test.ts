import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, waitForSearchIndex, expectNoSeriousViolations } from './browser';

/**
 * The catalogue pages against the real API and the demo catalogue the product seeds on an empty
 * database: search with filters, view modes, a project with its gallery, versions, version page
 * and download modal, a profile, and every kind of 404.
 */
describe.skipIf(!browserAvailable)('catalogue pages in a real browser', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await waitForSearchIndex();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
  });

  async function newPage(width = 1280, height = 900): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: 'light' });
    contexts.push(context);
    return context.newPage();
  }

  const resultTitles = (page: Page) => page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).allTextContents();

  it('narrows the results with filters and an exclusion, keeping them in the URL', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/mods`);
    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('heading', { level: 2 }).first().waitFor();
    const all = await resultTitles(page);
    expect(all).toContain('Hearthside Kitchen');
    expect(all).toContain('Lanternlight');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await expectNoSeriousViolations(page);
    await screenshot(page, 'search-mods');

    // Loaders: Fabric only.
    await filters.getByRole('checkbox', { name: /^Fabric/ }).check();
    await page.waitForURL(/g=categories%3Afabric/);
    await expect.poll(() => resultTitles(page)).not.toContain('Hearthside Kitchen');
    const fabric = await resultTitles(page);
    expect(fabric).toContain('Lanternlight');

    // Exclude a category: no more decoration mods.
    await filters.getByRole('checkbox', { name: /^Decoration/ }).hover();
    await filters.getByRole('button', { name: 'Exclude Decoration' }).click();
    await page.waitForURL(/f=categories%21%3Ddecoration/);
    await expect.poll(() => resultTitles(page)).not.toContain('Lanternlight');
    expect((await resultTitles(page)).length).toBeLessThan(fabric.length);
    await page.getByRole('button', { name: 'Remove exclusion of Decoration' }).waitFor();
    await screenshot(page, 'search-mods-filtered');

    // The URL is the search: a reload shows the same.
    const filtered = await resultTitles(page);
    await page.reload();
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).first().waitFor();
    expect(await resultTitles(page)).toEqual(filtered);

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL(`${siteUrl}/mods`);
    await expect.poll(async () => (await resultTitles(page)).length).toBe(all.length);
  });

  it('searches as you type and switches view modes', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/mods`);
    const input = page.getByRole('searchbox', { name: 'Search mods' });
    await input.pressSequentially('lantern', { delay: 15 });
    await page.waitForURL(/q=lantern/);
    await expect.poll(() => resultTitles(page)).toEqual(['Lanternlight']);
    expect(await input.inputValue()).toBe('lantern');

    const list = page.getByRole('list', { name: 'Search results' });
    expect(await list.getAttribute('class')).toContain('project-list--list');
    await page.getByRole('button', { name: 'Switch to Grid view' }).click();
    expect(await list.getAttribute('class')).toContain('project-list--grid');
    await page.getByRole('button', { name: 'Switch to Gallery view' }).click();
    expect(await list.getAttribute('class')).toContain('project-list--gallery');
    await screenshot(page, 'search-gallery-view');
    // The choice is remembered for this project type.
    await page.reload();
    expect(await page.getByRole('list', { name: 'Search results' }).getAttribute('class')).toContain('project-list--gallery');
    await expectNoSeriousViolations(page);
  });

  it('shows the other search pages with their own filters', async () => {
    const page = await newPage();
    for (const [path, filter] of [['/resourcepacks', 'Resolutions'], ['/shaders', 'Performance impact'], ['/plugins', 'Platforms'], ['/modpacks', 'Environment'], ['/datapacks', 'Categories']] as const) {
      await page.goto(`${siteUrl}${path}`);
      await page.getByRole('complementary', { name: 'Filters' }).getByRole('heading', { level: 2, name: filter }).waitFor();
      await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).first().waitFor();
      await screenshot(page, `search${path.replace('/', '-')}`);
      await expectNoSeriousViolations(page);
    }
  });

  it('opens a project from the search, with its gallery lightbox driven by the keyboard', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/mods?q=lanternlight`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: 'Lanternlight' }).click();
    await page.waitForURL(`${siteUrl}/mod/lanternlight`);
    await page.getByRole('heading', { level: 1, name: 'Lanternlight' }).waitFor();
    await page.getByRole('region', { name: 'Description' }).getByRole('heading', { level: 2 }).first().waitFor();
    expect(await page.getByRole('link', { name: /Report issues/ }).getAttribute('rel')).toBe('noopener nofollow ugc');
    await screenshot(page, 'project');
    await expectNoSeriousViolations(page);

    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Gallery' }).click();
    await page.waitForURL(`${siteUrl}/mod/lanternlight/gallery`);
    await page.getByRole('button', { name: /^View / }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const first = await dialog.getByRole('heading', { level: 2 }).textContent();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).not.toBe(first);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => dialog.getByRole('heading', { level: 2 }).textContent()).toBe(first);
    await screenshot(page, 'project-lightbox');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^View /);
  });

  it('filters versions, opens a version page and the download modal', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/mod/lanternlight/versions`);
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = () => table.locator('tbody tr').count();
    const allRows = await rows();
    expect(allRows).toBeGreaterThan(1);
    await screenshot(page, 'project-versions');
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: 'Channels' }).click();
    await page.getByRole('checkbox', { name: 'Release' }).check();
    await page.waitForURL(/c=release/);
    await expect.poll(rows).toBeLessThanOrEqual(allRows);
    await page.getByRole('button', { name: 'Remove filter Release' }).waitFor();
    await page.keyboard.press('Escape');

    const firstVersion = table.getByRole('row').nth(1).getByRole('link').first();
    const number = (await firstVersion.textContent()) ?? '';
    await firstVersion.click();
    await page.waitForURL(new RegExp(`/mod/lanternlight/version/${number.replace(/\./g, '\\.')}`));
    await page.getByRole('heading', { level: 3, name: 'Files' }).waitFor();
    await page.getByText('SHA512').first().waitFor();
    await page.getByRole('link', { name: /Back to versions/ }).waitFor();
    await screenshot(page, 'version-page');
    await expectNoSeriousViolations(page);

    await page.getByRole('link', { name: 'Download' }).first().click();
    await page.waitForURL(/#download$/);
    const dialog = page.getByRole('dialog', { name: 'Download Lanternlight' });
    await dialog.waitFor();
    const gameVersion = dialog.getByRole('radio').first();
    await gameVersion.check();
    await page.waitForURL(/version=/);
    const platform = dialog.getByRole('radio', { name: /^Fabric/ });
    if (await platform.isVisible()) await platform.check();
    await dialog.getByRole('link', { name: /^Download .+\.jar/ }).first().waitFor();
    await screenshot(page, 'download-modal');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('#download');
  });

  it('replaces the permanent link with the canonical URL, keeping #download', async () => {
    const { id } = (await (await fetch(`${apiUrl}/v2/project/satchel`)).json()) as { id: string };
    const page = await newPage();
    await page.goto(`${siteUrl}/project/${id}#download`);
    await page.waitForURL(`${siteUrl}/mod/satchel#download`);
    await page.getByRole('dialog', { name: 'Download Satchel' }).waitFor();
  });

  it('shows a profile with its projects', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/user/tinkerwren`);
    await page.waitForURL(`${siteUrl}/user/Tinkerwren`);
    await page.getByRole('heading', { level: 1, name: 'Tinkerwren' }).waitFor();
    const projects = page.getByRole('list', { name: 'All projects' });
    await projects.getByRole('heading', { name: 'Lanternlight' }).waitFor();
    await screenshot(page, 'user-profile');
    await expectNoSeriousViolations(page);
    await page.getByRole('navigation', { name: 'Projects by type' }).getByRole('link', { name: /^Mods/ }).click();
    await page.waitForURL(`${siteUrl}/user/Tinkerwren/mod`);
  });

  it('is usable at 360 px', async () => {
    const page = await newPage(360, 740);
    await page.goto(`${siteUrl}/mods`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('heading', { level: 2 }).first().waitFor();
    await page.getByRole('button', { name: 'Filter results...' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('heading', { level: 2, name: 'Loaders' }).waitFor();
    await screenshot(page, 'search-mobile-filters');
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await page.goto(`${siteUrl}/mod/lanternlight`);
    await page.getByRole('heading', { level: 1, name: 'Lanternlight' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'project-mobile');
  });

  it.each([
    ['/mod/no-such-project', 'Project not found'],
    ['/plugin/no-such-project/versions', 'Project not found'],
    ['/mod/lanternlight/version/0.0.0-nope', 'Version not found'],
    ['/user/no-such-user-here', 'User not found'],
    ['/organization/no-such-org', 'Organization not found'],
    ['/collection/no-such-collection', 'Collection not found'],
    ['/no/such/page', 'Page not found'],
  ])('shows the right 404 for %s', async (path, title) => {
    const page = await newPage();
    await page.goto(`${siteUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await screenshot(page, `not-found${path.replace(/[^a-z0-9]+/gi, '-')}`);
    await expectNoSeriousViolations(page);
  });
});
