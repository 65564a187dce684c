import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { png, zip, CLASS_BYTES } from './files';
import { openOutbox, type Outbox } from './outbox';

/**
 * A creator uploads a version through the browser (a real .jar with fabric.mod.json), then edits
 * and deletes it, against the real API. The project and the account are made through the API.
 */
describe.skipIf(!browserAvailable)('version upload in a real browser', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let outbox: Outbox;
  const suffix = randomBytes(4).toString('hex');
  const account = { username: `uploader${suffix}`, email: `uploader${suffix}@example.test`, password: `Trail-${suffix}-Marker!` };
  const slug = `trailmarker-${suffix}`;
  let projectId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    outbox = await openOutbox();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    // The session cookie lands in this browser context, so the site is signed in too.
    const headers = { Origin: siteUrl };
    const signUp = await page.request.post(`${apiUrl}/v2/auth/create`, { data: account, headers });
    expect(signUp.status()).toBe(200);
    const flow = new URL(await outbox.latestLink(account.email, 'verify_email')).searchParams.get('flow');
    expect((await page.request.post(`${apiUrl}/v2/auth/email/verify`, { data: { flow }, headers })).status()).toBe(204);
    const created = await page.request.post(`${apiUrl}/v2/project`, {
      headers,
      multipart: {
        data: JSON.stringify({
          title: 'Trail Marker',
          slug,
          project_type: 'mod',
          description: 'Cairns that point the way home.',
          body: '',
          initial_versions: [],
          categories: [],
          client_side: 'required',
          server_side: 'optional',
          license_id: 'LicenseRef-Unknown',
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
    await outbox?.close();
  });

  it('uploads the first version of a draft from its Versions tab by dropping a jar, writes the changelog in the editor, schedules, edits and deletes it', async () => {
    const tags = (await (await fetch(`${apiUrl}/v2/tag/game_version`)).json()) as Array<{ version: string; version_type: string }>;
    const release = tags.find((tag) => tag.version_type === 'release')!.version;
    const jar = zip({
      'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'trailmarker', version: '1.0.0', name: 'Trail Marker', depends: { minecraft: release } }),
      'trailmarker/Marker.class': CLASS_BYTES,
    });

    // The draft has no version yet: its team still finds the Versions tab.
    await page.goto(`${siteUrl}/mod/${slug}`);
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Versions', exact: true }).click();
    await page.waitForURL(`${siteUrl}/mod/${slug}/versions`);
    await page.getByRole('heading', { level: 2, name: 'Upload a version' }).waitFor();
    await page.getByText('No versions yet.').waitFor();
    // A file dropped anywhere on the page (here the page heading, not the card) starts the upload.
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'trailmarker-1.0.0.jar', { type: 'application/java-archive' }));
      return transfer;
    }, [...jar]);
    await page.dispatchEvent('h1', 'dragover', { dataTransfer });
    await page.dispatchEvent('h1', 'drop', { dataTransfer });
    await page.waitForURL(`${siteUrl}/mod/${slug}/version/create`);
    const form = page.getByRole('form', { name: 'Upload a version' });
    await form.getByText('trailmarker-1.0.0.jar').waitFor();
    await screenshot(page, 'version-create');
    await expectNoSeriousViolations(page);

    // Pre-filled from the jar's fabric.mod.json, read by the API.
    await expect.poll(() => form.getByLabel('Version number', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('1.0.0');
    expect(await form.getByLabel('Version title', { exact: true }).inputValue()).toBe('Trail Marker 1.0.0');
    expect(await form.getByRole('checkbox', { name: 'Fabric', exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: release, exact: true }).isChecked()).toBe(true);
    await form.getByLabel('Version title', { exact: true }).fill('First marker');
    await form.getByLabel('Release channel').selectOption('beta');
    // The changelog in the markdown editor: typed text, a toolbar action and an uploaded image.
    const changelog = form.getByRole('textbox', { name: 'Changelog', exact: true });
    await changelog.fill('## First\n\n- Stacks stones\n\n');
    await changelog.press('Control+End');
    await form.getByRole('button', { name: 'Bold', exact: true }).click();
    await changelog.press('Control+End');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Upload an image' }).click();
    await (await chooser).setFiles({ name: 'marker.png', mimeType: 'image/png', buffer: png(1, 1, [200, 120, 40]) });
    await expect.poll(() => changelog.textContent(), { timeout: 15_000 }).toMatch(/!\[description\]\(\S+\)/);
    await form.getByRole('tab', { name: 'Preview' }).click();
    await form.getByRole('tabpanel').getByRole('heading', { name: 'First' }).waitFor();
    await form.getByRole('tab', { name: 'Write' }).click();
    await expectNoSeriousViolations(page);
    await form.getByRole('button', { name: 'Create version' }).click();

    await page.waitForURL(new RegExp(`/mod/${slug}/version/[A-Za-z0-9]+$`));
    await page.getByRole('heading', { level: 2, name: 'First marker' }).waitFor();
    await page.getByText('Version created').waitFor();
    await page.getByRole('heading', { name: 'First', exact: true }).waitFor();
    const versions = (await (await page.request.get(`${apiUrl}/v2/project/${projectId}/version`)).json()) as Array<{ id: string; version_number: string; version_type: string; changelog: string; loaders: string[]; game_versions: string[]; files: Array<{ filename: string; primary: boolean }> }>;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version_number: '1.0.0', version_type: 'beta', loaders: ['fabric'], game_versions: [release] });
    expect(versions[0]!.files).toMatchObject([{ filename: 'trailmarker-1.0.0.jar', primary: true }]);
    expect(versions[0]!.changelog).toContain('**bold text**');
    expect(versions[0]!.changelog).toMatch(/!\[description\]\(\S+\)/);
    await screenshot(page, 'version-created');

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Edit version' });
    await editForm.waitFor();
    await expectNoSeriousViolations(page);
    await editForm.getByLabel('Version number', { exact: true }).fill('1.0.1');
    await editForm.getByLabel('Version title', { exact: true }).fill('Second marker');
    await editForm.getByLabel('When', { exact: true }).selectOption('schedule');
    await editForm.getByLabel('Publication time', { exact: true }).fill('2999-01-01T10:00');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Version saved').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Second marker' }).waitFor();
    const edited = (await (await page.request.get(`${apiUrl}/v2/version/${versions[0]!.id}`)).json()) as { version_number: string; name: string };
    expect(edited).toMatchObject({ version_number: '1.0.1', name: 'Second marker', status: 'scheduled', requested_status: 'listed' });

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete version' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL(`${siteUrl}/mod/${slug}/versions`);
    await page.getByText('Version deleted').waitFor();
    expect((await page.request.get(`${apiUrl}/v2/version/${versions[0]!.id}`)).status()).toBe(404);
  });
});
