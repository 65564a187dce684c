import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson as api, apiSignIn, signIn } from './demo-accounts';

/**
 * Organizations against the real API: the demo creator creates an organization from the header's
 * "Create" menu, invites the demo moderator, who accepts on the organization's page; the creator
 * moves a project in, and the project page names the organization as its owner.
 */
describe.skipIf(!browserAvailable)('organizations in a real browser', () => {
  const suffix = Date.now().toString(36);
  const name = `Masons ${suffix}`;
  const slug = `masons-${suffix}`;
  const creator = { token: '', id: '' };
  const member = { token: '', id: '' };
  let project = { id: '', slug: '', title: '' };
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function browserSignIn(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, username);
    return page;
  }

  beforeAll(async () => {
    Object.assign(creator, await apiSignIn('demo'));
    Object.assign(member, await apiSignIn('demo-moderator'));
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ title: `Arches ${suffix}`, slug: `arches-${suffix}`, description: 'Arches that hold.', body: '', categories: [], client_side: 'required', server_side: 'optional', license_id: 'LicenseRef-Unknown', is_draft: true }),
    );
    project = await api<{ id: string; slug: string; title: string }>(creator.token, '/v2/project', { method: 'POST', body: form });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    // Demo accounts own at most 16 organizations: leave none behind (the project goes back to its owner).
    if (creator.token) await api(creator.token, `/v2/organization/${slug}`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('creates an organization, a member joins, a project moves in and shows the organization as owner', async () => {
    const page = await browserSignIn('demo');
    page.setDefaultTimeout(20_000);
    // Open the menu and focus "Organization" itself, then choose it with the keyboard. Right after
    // signing in, the page's own focus handling (focus moves to the new page's main content) may
    // still take focus away from the menu, so this is retried until the item holds focus.
    const item = page.getByRole('menuitem', { name: 'Organization' });
    await vi.waitFor(
      async () => {
        if (!(await item.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
        await item.focus();
        expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Organization');
      },
      { timeout: 20_000, interval: 250 },
    );
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Create an organization' });
    await dialog.getByLabel('Name').fill(name);
    expect(await dialog.getByLabel('URL').inputValue()).toBe(slug);
    await dialog.getByLabel('Summary').fill('We build arches together.');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await page.waitForURL(`${siteUrl}/organization/${slug}`);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // Invite the member from the settings.
    await page.getByRole('link', { name: 'Manage' }).click();
    await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Username').fill('demo-moderator');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText('Invitation sent').first().waitFor();
    expect((await seriousAccessibilityViolations(page)).map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    // The member accepts on the organization's page.
    const memberPage = await browserSignIn('demo-moderator');
    await memberPage.goto(`${siteUrl}/organization/${slug}`);
    await memberPage.getByText('You have been invited to join this organization.').waitFor();
    await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
    await memberPage.getByText('You joined the organization').first().waitFor();
    const organization = await api<{ id: string; members: Array<{ user: { id: string }; accepted: boolean }> }>(creator.token, `/v2/organization/${slug}`);
    expect(organization.members.find((m) => m.user.id === member.id)?.accepted).toBe(true);

    // The creator moves the project in.
    await page.getByRole('navigation', { name: 'Organization settings' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByLabel('Project', { exact: true }).selectOption({ label: project.title });
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByText('Project added to the organization').first().waitFor();
    const moved = await api<{ organization: string | null }>(creator.token, `/v2/project/${project.id}`);
    expect(moved.organization).toBe(organization.id);

    // The project page names the organization as its owner.
    await page.getByRole('link', { name: project.title }).click();
    const creators = page.getByRole('complementary').getByRole('region', { name: 'Creators' }).or(page.getByRole('complementary'));
    const owner = creators.getByRole('link', { name, exact: true });
    await owner.waitFor();
    await screenshot(page, 'organization-project-owner');
    await owner.click();
    await page.waitForURL(`${siteUrl}/organization/${slug}`);
    await page.getByRole('link', { name: project.title }).waitFor();
  }, 180_000);
});
