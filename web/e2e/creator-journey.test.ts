import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { apiSession } from './demo-accounts';
import { png, zip, CLASS_BYTES } from './files';
import { openOutbox, type Outbox } from './outbox';

interface ApiProject {
  id: string;
  status: string;
  body: string;
  icon_url: string | null;
  license: { id: string };
  categories: string[];
  source_url: string | null;
  client_side: string;
  server_side: string;
  versions: string[];
  gallery: Array<{ url: string }>;
}

/**
 * The creator studio's whole journey in one browser session against the real product: a new
 * user signs up and verifies, creates a project from the header, uploads a Fabric jar (the form
 * filled from the file), completes the settings the checklist asks for, submits for review; a
 * moderator approves through the API; the project is found by the API's search and the search
 * page; the creator then edits the version and adds a gallery image. The steps share one
 * session, so they run in order.
 */

const DESCRIPTION =
  'Beacons glow when a friend walks near your cairn. Place one at your base, give it a name and every friend who carries its twin sees the light across the map, so nobody gets lost on the way home after a long night in the caves.';

describe.skipIf(!browserAvailable)('a creator publishes a project end to end', () => {
  const suffix = Date.now().toString(36);
  const account = { username: `journey_${suffix}`, email: `journey_${suffix}@example.com`, password: `Basalt-Osprey-${suffix}-Fjord` };
  const title = `Cairn Beacons ${suffix}`;
  const slug = `cairn-beacons-${suffix}`;
  let browser: Browser;
  let context: BrowserContext;
  let outbox: Outbox;
  let page: Page;
  let release = '';

  const project = async () => (await (await page.request.get(`${apiUrl}/v2/project/${slug}`)).json()) as ApiProject;

  /** Saves a settings page and waits for the API's answer and the toast. */
  async function saveSettings() {
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/v2/project/'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(204);
    await page.getByText('Project updated').first().waitFor();
  }

  const settingsNav = () => page.getByRole('navigation', { name: 'Project settings' });

  beforeAll(async () => {
    browser = await launchBrowser();
    outbox = await openOutbox();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    const tags = (await (await fetch(`${apiUrl}/v2/tag/game_version`)).json()) as Array<{ version: string; version_type: string }>;
    release = tags.find((tag) => tag.version_type === 'release')!.version;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await outbox?.close();
  });

  it('signs up, verifies the email and creates a project from the header menu', async () => {
    await page.goto(`${siteUrl}/auth/sign-up`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Cairn!' }).waitFor();
    await page.goto(await outbox.latestLink(account.email, 'verify_email'));
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByLabel('Name', { exact: true }).fill(title);
    expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(slug);
    await dialog.getByLabel('Summary', { exact: true }).fill('Beacons that light up when a friend is near.');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect((await project()).status).toBe('draft');
  });

  it('uploads a Fabric jar and saves the version the file filled in', async () => {
    const jar = zip({
      'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'cairnbeacons', version: '0.3.0-beta.1', name: 'Cairn Beacons', depends: { minecraft: release, fabricloader: '>=0.15' } }),
      'cairnbeacons/Beacon.class': CLASS_BYTES,
    });
    const checklist = page.getByRole('region', { name: 'Publishing checklist' });
    await checklist.getByRole('link', { name: 'Go to versions' }).click();
    await page.getByLabel('Choose a file', { exact: true }).setInputFiles({ name: 'cairnbeacons-0.3.0.jar', mimeType: 'application/java-archive', buffer: jar });
    await page.waitForURL(`${siteUrl}/mod/${slug}/version/create`);
    const form = page.getByRole('form', { name: 'Upload a version' });
    await expect.poll(() => form.getByLabel('Version number', { exact: true }).inputValue(), { timeout: 15_000 }).toBe('0.3.0-beta.1');
    expect(await form.getByRole('checkbox', { name: 'Fabric', exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: release, exact: true }).isChecked()).toBe(true);
    expect(await form.getByLabel('Release channel').inputValue()).toBe('beta');
    await screenshot(page, 'journey-version-form');
    await form.getByRole('button', { name: 'Create version' }).click();
    await page.getByText('Version created').waitFor();
    await page.waitForURL(new RegExp(`/mod/${slug}/version/[A-Za-z0-9]+$`));
    expect((await project()).versions).toHaveLength(1);
  });

  it('fills the icon, environment, description, license, tags and links in the settings', async () => {
    await page.getByRole('navigation', { name: 'Project team' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'General' }).waitFor();
    await page.getByTestId('icon-file').setInputFiles({ name: 'beacon.png', mimeType: 'image/png', buffer: png(128, 128, [250, 200, 40]) });
    await page.getByText('Project icon updated').waitFor();
    await page.getByLabel('Client side', { exact: true }).selectOption('required');
    await page.getByLabel('Server side', { exact: true }).selectOption('optional');
    await saveSettings();

    await settingsNav().getByRole('link', { name: 'Description' }).click();
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    // Long enough for the description pre-check (MIN_DESCRIPTION_CHARACTERS of prose).
    await page.keyboard.type(DESCRIPTION);
    await saveSettings();

    await settingsNav().getByRole('link', { name: 'License' }).click();
    await page.getByRole('combobox', { name: 'Chosen license' }).selectOption('MIT');
    await saveSettings();

    await settingsNav().getByRole('link', { name: 'Tags' }).click();
    await page.getByRole('group', { name: 'Categories' }).getByRole('checkbox', { name: 'Utility' }).check();
    await saveSettings();

    await settingsNav().getByRole('link', { name: 'Links' }).click();
    await page.getByLabel('Source code', { exact: true }).fill('https://code.example.org/cairn-beacons');
    await saveSettings();

    const saved = await project();
    expect(saved).toMatchObject({
      body: DESCRIPTION,
      license: { id: 'MIT' },
      source_url: 'https://code.example.org/cairn-beacons',
      client_side: 'required',
      server_side: 'optional',
    });
    expect(saved.icon_url).not.toBeNull();
    expect([...saved.categories]).toEqual(['utility']);
  });

  it('shows the checklist complete and submits the project for review', async () => {
    await page.getByRole('link', { name: 'Back to the project' }).click();
    const checklist = page.getByRole('region', { name: 'Publishing checklist' });
    await checklist.waitFor();
    // Every item but the suggested featured image (the gallery comes after approval) and the submission.
    await checklist.getByText('Progress: 7 of 9').waitFor();
    for (const item of ['Upload a version', 'Add a description', 'Add an icon', 'Select tags', 'Add external links', 'Select supported environments', 'Select a license']) {
      expect(await checklist.getByRole('listitem').filter({ hasText: item }).getByText('(done)').count(), item).toBe(1);
    }
    await expectNoSeriousViolations(page);
    await screenshot(page, 'journey-checklist');
    const submit = checklist.getByRole('button', { name: 'Submit for review' });
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText('Project submitted for review').waitFor();
    await page.getByRole('heading', { name: 'Under review' }).waitFor();
    expect((await project()).status).toBe('processing');
  });

  it('is approved by a moderator and then found by the API search and on the search page', async () => {
    const moderator = await apiSession('demo-moderator');
    const id = (await project()).id;
    const approve = await fetch(`${apiUrl}/v2/project/${id}`, { method: 'PATCH', headers: { Authorization: moderator, 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) });
    expect(approve.status, await approve.text()).toBe(204);

    // The index follows the database shortly after.
    await expect
      .poll(
        async () => {
          const answer = (await (await fetch(`${apiUrl}/v2/search?query=${encodeURIComponent(title)}`)).json()) as { hits: Array<{ project_id: string; slug: string }> };
          return answer.hits.map((hit) => hit.slug);
        },
        { timeout: 30_000, interval: 500 },
      )
      .toContain(slug);

    await page.goto(`${siteUrl}/mods?q=${encodeURIComponent(title)}`);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('edits the version, then adds an image to the gallery', async () => {
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Versions' }).click();
    await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Edit version' });
    await editForm.getByLabel('Version title', { exact: true }).fill('Beacons, second light');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Version saved').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Beacons, second light' }).waitFor();
    const versionId = (await project()).versions[0]!;
    const version = (await (await page.request.get(`${apiUrl}/v2/version/${versionId}`)).json()) as { name: string };
    expect(version.name).toBe('Beacons, second light');

    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Gallery' }).click();
    await page.getByLabel('Choose images', { exact: true }).setInputFiles({ name: 'night.png', mimeType: 'image/png', buffer: png(640, 360, [20, 30, 70]) });
    // The details step: titled after the file and, as the first image, featured.
    const details = page.getByRole('dialog', { name: 'Upload gallery image' });
    await details.getByLabel('Title', { exact: true }).fill('Beacons at night');
    await details.getByRole('button', { name: 'Upload image' }).click();
    await page.getByText('night.png added to the gallery').waitFor();
    await page.getByRole('region', { name: 'Gallery' }).getByRole('heading', { level: 2, name: 'Beacons at night' }).waitFor();
    expect((await project()).gallery).toHaveLength(1);
    await screenshot(page, 'journey-gallery');
  });
});
