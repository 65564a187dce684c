import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';

/**
 * Organizations against the real API: the demo creator creates an organization from the header's
 * "Create" menu, invites the demo moderator, who accepts on the organization's page; the creator
 * moves a project in, and the project page names the organization as its owner.
 */
const demoPasswords = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'e2e', 'demo-accounts.json');

describe.skipIf(!browserAvailable)('organizations in a real browser', () => {
  const suffix = Date.now().toString(36);
  const name = `Masons ${suffix}`;
  const slug = `masons-${suffix}`;
  const creator = { token: '', id: '', password: '' };
  const member = { token: '', id: '', password: '' };
  let project = { id: '', slug: '', title: '' };
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  const api = async <T>(token: string, path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, { ...init, headers: { Authorization: token, ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  async function apiSignIn(username: string, password: string) {
    const login = await fetch(`${apiUrl}/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const token = ((await login.json()) as { session: string }).session;
    return { token, id: (await api<{ id: string }>(token, '/v2/user')).id };
  }
  async function browserSignIn(username: string, password: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${siteUrl}/auth/sign-in`);
    await page.getByLabel('Email or username', { exact: true }).fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${siteUrl}/`);
    return page;
  }

  beforeAll(async () => {
    const passwords = JSON.parse(await readFile(demoPasswords, 'utf8')) as Record<string, string>;
    creator.password = passwords.demo ?? '';
    member.password = passwords['demo-moderator'] ?? '';
    Object.assign(creator, await apiSignIn('demo', creator.password));
    Object.assign(member, await apiSignIn('demo-moderator', member.password));
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
    const page = await browserSignIn('demo', creator.password);
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
    const memberPage = await browserSignIn('demo-moderator', member.password);
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
