import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { apiSession, demoPassword } from './demo-accounts';
import { png } from './files';

interface ApiGalleryImage {
  url: string;
  featured: boolean;
  title: string | null;
  description: string | null;
  ordering: number;
}

/**
 * The gallery of a project managed in the browser against the real API: the demo account
 * uploads two images at once, features one, edits and reorders, removes one; once a moderator
 * approved the project, a visitor sees the gallery read-only.
 */
describe.skipIf(!browserAvailable)('gallery management in a real browser', () => {
  const slug = `gallery-${Date.now().toString(36)}`;
  let projectId = '';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const gallery = async () => ((await (await page.request.get(`${apiUrl}/v2/project/${projectId}`)).json()) as { gallery: ApiGalleryImage[] }).gallery;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    // Signing in through the context's request client leaves the session cookie in the browser.
    const signIn = await page.request.post(`${apiUrl}/v2/auth/login`, { data: { username: 'demo', password: await demoPassword('demo') }, headers: { Origin: siteUrl } });
    expect(signIn.status()).toBe(200);
    const created = await page.request.post(`${apiUrl}/v2/project`, {
      headers: { Origin: siteUrl },
      multipart: {
        data: JSON.stringify({
          title: 'Gallery Lanterns',
          slug,
          description: 'Lanterns worth a picture.',
          body: '',
          categories: [],
          client_side: 'required',
          server_side: 'optional',
          license_id: 'MIT',
          is_draft: true,
        }),
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    projectId = ((await created.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('uploads two images at once with their details, features the other, edits and reorders, and removes one', async () => {
    await page.goto(`${siteUrl}/mod/${slug}`);
    // The tab is there for the team before the gallery has any image.
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Gallery' }).click();
    const uploader = page.getByRole('region', { name: 'Upload images' });
    await uploader.getByText(/PNG, JPEG, GIF or WebP, up to 5\.00 MiB each/).waitFor();
    await expectNoSeriousViolations(page);

    await page.getByLabel('Choose images', { exact: true }).setInputFiles([
      { name: 'sunrise.png', mimeType: 'image/png', buffer: png(480, 270, [230, 150, 60]) },
      { name: 'moonrise.png', mimeType: 'image/png', buffer: png(480, 270, [40, 60, 140]) },
    ]);
    // The details step first: titles from the file names, and (nothing being featured yet) the first image featured.
    const details = page.getByRole('dialog', { name: 'Upload 2 gallery images' });
    const moonriseDetails = details.getByRole('group', { name: 'moonrise.png' });
    expect(await details.getByRole('group', { name: 'sunrise.png' }).getByRole('checkbox', { name: 'Featured image' }).isChecked()).toBe(true);
    expect(await moonriseDetails.getByLabel('Title', { exact: true }).inputValue()).toBe('moonrise');
    await moonriseDetails.getByLabel('Description', { exact: true }).fill('The lake at night.');
    await expectNoSeriousViolations(page);
    await details.getByRole('button', { name: 'Upload 2 images' }).click();
    await page.getByText('sunrise.png added to the gallery').waitFor();
    await page.getByText('moonrise.png added to the gallery').waitFor();
    const section = page.getByRole('region', { name: 'Gallery' });
    await section.getByRole('heading', { level: 2, name: 'moonrise' }).waitFor();
    let images = await gallery();
    expect(images.map((image) => [image.ordering, image.featured, image.title, image.description])).toEqual([
      [0, true, 'sunrise', null],
      [1, false, 'moonrise', 'The lake at night.'],
    ]);
    const [sunrise, moonrise] = images.sort((a, b) => a.ordering - b.ordering);
    await screenshot(page, 'gallery-management-uploaded');

    await section.getByRole('button', { name: 'Feature moonrise' }).click();
    await page.getByText('Image featured').waitFor();
    await section.getByRole('button', { name: 'Unfeature moonrise' }).waitFor();
    expect((await gallery()).filter((image) => image.featured).map((image) => image.url)).toEqual([moonrise!.url]);

    await section.getByRole('button', { name: 'Edit sunrise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit gallery image' });
    await dialog.getByLabel('Title', { exact: true }).fill('Sunrise over the lake');
    await dialog.getByLabel('Description', { exact: true }).fill('Lanterns at dawn.');
    await dialog.getByLabel('Order index', { exact: true }).fill('5');
    await dialog.getByRole('checkbox', { name: 'Featured image' }).check();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Gallery image saved').waitFor();
    // Moved after the other image; featuring it un-featured the other.
    await expect.poll(async () => section.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['moonrise', 'Sunrise over the lake']);
    images = await gallery();
    expect(images.find((image) => image.url === sunrise!.url)).toMatchObject({ title: 'Sunrise over the lake', description: 'Lanterns at dawn.', ordering: 5, featured: true });
    expect(images.find((image) => image.url === moonrise!.url)).toMatchObject({ featured: false });
    await screenshot(page, 'gallery-management-edited');

    await section.getByRole('button', { name: 'Remove moonrise' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this image?' });
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('Image removed').waitFor();
    await expect.poll(async () => (await gallery()).map((image) => image.url)).toEqual([sunrise!.url]);
    await expect.poll(async () => section.getByRole('listitem').getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Sunrise over the lake']);
  });

  it('shows a visitor the approved project’s gallery without any editing', async () => {
    const moderator = await apiSession('demo-moderator');
    const approve = await fetch(`${apiUrl}/v2/project/${projectId}`, { method: 'PATCH', headers: { Authorization: moderator, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) });
    expect(approve.status).toBe(204);

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    try {
      const visitorPage = await visitor.newPage();
      await visitorPage.goto(`${siteUrl}/mod/${slug}/gallery`);
      await visitorPage.getByRole('heading', { level: 2, name: 'Sunrise over the lake' }).waitFor();
      await visitorPage.getByText('Featured', { exact: true }).waitFor();
      expect(await visitorPage.getByRole('region', { name: 'Upload images' }).count()).toBe(0);
      expect(await visitorPage.getByRole('button', { name: /^(Edit|Remove|Feature|Unfeature) / }).count()).toBe(0);
      await expectNoSeriousViolations(visitorPage);
    } finally {
      await visitor.close();
    }
  });
});
