import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';

/**
 * The project settings pages against the real API: a project made through the API by the demo
 * account, then each settings page edited and saved in the browser, and the change read back
 * from the API. The steps share one project, so they run in order.
 */
interface ApiProject {
  id: string;
  slug: string;
  title: string;
  description: string;
  body: string;
  categories: string[];
  additional_categories: string[];
  license: { id: string; url: string | null };
  source_url: string | null;
  donation_urls: Array<{ id: string; url: string }>;
  requested_status: string | null;
}

describe.skipIf(!browserAvailable)('project settings in a real browser', () => {
  const suffix = Date.now().toString(36);
  let slug = `lamps-${suffix}`;
  let token = '';
  let projectId = '';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const api = <T>(path: string, init: RequestInit = {}) => apiJson<T>(token, path, init);
  const project = () => api<ApiProject>(`/v2/project/${projectId}`);

  /** Saves and waits for the API's answer (an earlier save's toast may still be showing). */
  async function saveAndWait() {
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes('/v2/project/'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await saved).status()).toBe(204);
    await page.getByText('Project updated').first().waitFor();
  }

  beforeAll(async () => {
    token = await apiSession('demo');
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title: 'Lamps',
        slug,
        description: 'Lamps for every cave.',
        body: '',
        categories: [],
        client_side: 'required',
        server_side: 'optional',
        license_id: 'LicenseRef-Unknown',
        is_draft: true,
      }),
    );
    projectId = (await api<ApiProject>('/v2/project', { method: 'POST', body: form })).id;

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    await signIn(page, 'demo');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('saves the general settings, with the new slug in the address', async () => {
    await page.goto(`${siteUrl}/mod/${slug}/settings`);
    await page.getByRole('heading', { level: 1, name: 'General' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page);
    await page.getByLabel('Name', { exact: true }).fill('Lamps and Lanterns');
    await page.getByLabel('Summary', { exact: true }).fill('Lamps and lanterns for every cave.');
    await page.getByRole('radio', { name: 'Unlisted' }).check();
    slug = `lanterns-${suffix}`;
    await page.getByLabel('URL', { exact: true }).fill(slug);
    await saveAndWait();
    await page.waitForURL(`${siteUrl}/mod/${slug}/settings`);
    await screenshot(page, 'project-settings-general');
    const saved = await project();
    expect(saved).toMatchObject({ title: 'Lamps and Lanterns', description: 'Lamps and lanterns for every cave.', slug, requested_status: 'unlisted' });
  });

  it('asks before leaving with unsaved changes, then saves tags with featured ones', async () => {
    await page.getByLabel('Name', { exact: true }).fill('Unsaved name');
    await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.getByRole('button', { name: 'Leave page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tags' }).waitFor();
    expect((await project()).title).toBe('Lamps and Lanterns');

    const categories = page.getByRole('group', { name: 'Categories' });
    for (const name of ['Decoration', 'Magic', 'Storage', 'Utility']) await categories.getByRole('checkbox', { name }).check();
    const featured = page.getByRole('group', { name: 'Featured tags' });
    for (const name of ['Decoration', 'Magic', 'Utility']) await featured.getByRole('checkbox', { name }).check();
    expect(await featured.getByRole('checkbox', { name: 'Storage' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(page);
    await saveAndWait();
    const saved = await project();
    expect(saved.categories.sort()).toEqual(['decoration', 'magic', 'utility']);
    expect(saved.additional_categories).toEqual(['storage']);
  });

  it('writes the description in the markdown editor and previews it', async () => {
    await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Description' }).click();
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.type('Lamps that glow. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Bright');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.getByRole('tabpanel', { name: 'Preview' }).locator('strong', { hasText: 'Bright' }).waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'project-settings-description');
    await page.getByRole('tab', { name: 'Write' }).click();
    await saveAndWait();
    expect((await project()).body).toBe('Lamps that glow. **Bright**');
  });

  it('picks a license with later editions, then links with a detected donation platform', async () => {
    await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'License' }).click();
    await page.getByRole('combobox', { name: 'Chosen license' }).selectOption('GPL-3.0');
    await page.getByRole('checkbox', { name: 'Allow later editions of this license' }).check();
    await saveAndWait();
    expect((await project()).license.id).toBe('GPL-3.0-or-later');

    await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Links' }).click();
    await page.getByLabel('Source code', { exact: true }).fill('https://code.example.org/lamps');
    await page.getByLabel('Donation link 1', { exact: true }).fill('https://ko-fi.com/lamps');
    expect(await page.getByLabel('Platform of link 1', { exact: true }).inputValue()).toBe('ko-fi');
    await expectNoSeriousViolations(page);
    await saveAndWait();
    const saved = await project();
    expect(saved.source_url).toBe('https://code.example.org/lamps');
    expect(saved.donation_urls).toMatchObject([{ id: 'ko-fi', url: 'https://ko-fi.com/lamps' }]);
  });

  it('invites a member and gives them a permission', async () => {
    await page.getByRole('navigation', { name: 'Project settings' }).getByRole('link', { name: 'Members' }).click();
    const invite = page.getByRole('form', { name: 'Invite a member' });
    await invite.getByLabel('Username', { exact: true }).fill('demo-moderator');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('demo-moderator was invited').waitFor();
    const card = page.getByRole('form', { name: 'Settings of demo-moderator' });
    await card.getByRole('checkbox', { name: 'Upload versions' }).check();
    await card.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes to demo-moderator saved').waitFor();
    await expectNoSeriousViolations(page);
    await screenshot(page, 'project-settings-members');
    const members = await api<Array<{ user: { username: string }; accepted: boolean; permissions?: number }>>(`/v2/project/${projectId}/members`);
    expect(members.find((m) => m.user.username === 'demo-moderator')).toMatchObject({ accepted: false, permissions: 1 });
  });
});
