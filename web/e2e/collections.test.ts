import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSignIn, signIn } from './demo-accounts';

/**
 * Collections against the real API: the demo account saves two projects to a new collection from
 * the project header, sorts the collection by name, makes it private (a visitor then gets the
 * "Collection not found" page), follows a project with the heart and finds it under Following.
 */
interface Project {
  id: string;
  title: string;
}
interface Collection {
  id: string;
  name: string;
  status: string;
  projects: string[];
}

describe.skipIf(!browserAvailable)('collections in a real browser', () => {
  const name = `Trip ${Date.now().toString(36)}`;
  const demo = { token: '', id: '' };
  let projects: Project[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const api = <T>(path: string, init: RequestInit = {}) => apiJson<T>(demo.token, path, init);
  const ownCollection = async () => (await api<Collection[]>(`/v2/user/${demo.id}/collections`)).find((c) => c.name === name);

  beforeAll(async () => {
    Object.assign(demo, await apiSignIn('demo'));
    // Two public projects not followed yet (earlier runs may have followed some).
    const followed = new Set((await api<Project[]>(`/v2/user/${demo.id}/follows`)).map((p) => p.id));
    const candidates = await api<Project[]>('/v2/projects_random?count=20');
    projects = candidates.filter((p) => !followed.has(p.id)).slice(0, 2);
    expect(projects).toHaveLength(2);

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    await signIn(page, 'demo');
  });
  afterAll(async () => {
    const left = demo.token ? await ownCollection().catch(() => undefined) : undefined;
    if (left) await api(`/v2/collection/${left.id}`, { method: 'DELETE' }).catch(() => {});
    if (projects[0]) await api(`/v2/project/${projects[0].id}/follow`, { method: 'DELETE' }).catch(() => {});
    await context?.close();
    await browser?.close();
  });

  it('saves two projects to a new collection, sorts it, makes it private, and lists a followed project under Following', async () => {
    const [first, second] = projects as [Project, Project];
    const saveDialog = () => page.getByRole('dialog', { name: 'Save to a collection' });

    // First project: create the collection from the Save popout (it starts with the project).
    await page.goto(`${siteUrl}/project/${first.id}`);
    await page.getByRole('heading', { level: 1, name: first.title }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await saveDialog().getByRole('button', { name: 'Create new collection' }).click();
    const create = page.getByRole('dialog', { name: 'Create a collection' });
    await create.getByLabel('Name').fill(name);
    await create.getByRole('button', { name: 'Create collection' }).click();
    await page.getByText('Collection created').first().waitFor();
    expect((await ownCollection())?.projects).toEqual([first.id]);

    // Follow it with the heart while here.
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Unfollow', exact: true }).waitFor();

    // Second project: tick the new collection.
    await page.goto(`${siteUrl}/project/${second.id}`);
    await page.getByRole('heading', { level: 1, name: second.title }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const box = saveDialog().getByRole('checkbox', { name });
    await box.click();
    await page.getByText(`Added to ${name}`).first().waitFor();
    const collection = (await ownCollection())!;
    expect(collection.projects).toEqual([first.id, second.id]);

    // The collection page: both projects, in the order added, then by name.
    await page.goto(`${siteUrl}/collection/${collection.id}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const titles = () => page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasNotText: 'Curated by' }).allTextContents();
    await page.getByText('2 projects').waitFor();
    expect(await titles()).toEqual([first.title, second.title]);
    await page.getByLabel('Sort by').selectOption('name');
    await page.waitForURL(/sort=name/);
    expect(await titles()).toEqual([first.title, second.title].sort((a, b) => a.localeCompare(b)));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Make it private from the edit form.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit collection' });
    await edit.getByLabel('Private').check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Collection updated').first().waitFor();
    expect((await ownCollection())?.status).toBe('private');

    // A visitor (another browser context, signed out) gets the collection's 404 page.
    const visitor = await browser.newContext();
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(`${siteUrl}/collection/${collection.id}`);
    await visitorPage.getByRole('heading', { name: 'Collection not found' }).waitFor();
    await visitor.close();

    // Following: the followed project is listed, with Unfollow.
    await page.goto(`${siteUrl}/collection/following`);
    await page.getByRole('heading', { level: 1, name: 'Followed projects' }).waitFor();
    await page.getByRole('link', { name: first.title }).waitFor();
    expect(await page.getByRole('button', { name: `Unfollow project: ${first.title}` }).count()).toBe(1);
    await screenshot(page, 'collections-following');
  });
});
