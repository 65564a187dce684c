import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';

/**
 * Notifications against the real API: the demo account invites the demo moderator to a new
 * project through the API; in the browser the invitee sees the bell's count, accepts the invite
 * on the notifications page, the count drops, and the API lists them as an accepted member.
 */
const demoPasswords = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'e2e', 'demo-accounts.json');

interface Member {
  user: { id: string; username: string };
  accepted: boolean;
}

describe.skipIf(!browserAvailable)('notifications in a real browser', () => {
  const suffix = Date.now().toString(36);
  const inviter = { token: '', id: '' };
  const invitee = { token: '', id: '', password: '' };
  let projectId = '';
  let teamId = '';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const api = async <T>(token: string, path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${apiUrl}${path}`, { ...init, headers: { Authorization: token, ...init.headers } });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
  async function signIn(username: string, password: string) {
    const login = await fetch(`${apiUrl}/v2/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username, password }) });
    const token = ((await login.json()) as { session: string }).session;
    const user = await api<{ id: string }>(token, '/v2/user');
    return { token, id: user.id };
  }

  beforeAll(async () => {
    const passwords = JSON.parse(await readFile(demoPasswords, 'utf8')) as Record<string, string>;
    Object.assign(inviter, await signIn('demo', passwords.demo ?? ''));
    invitee.password = passwords['demo-moderator'] ?? '';
    Object.assign(invitee, await signIn('demo-moderator', invitee.password));
    // Earlier runs may have left notifications: start from none unread.
    const existing = await api<Array<{ id: string }>>(invitee.token, `/v2/user/${invitee.id}/notifications`);
    if (existing.length) await api(invitee.token, `/v2/notifications?ids=${encodeURIComponent(JSON.stringify(existing.map((n) => n.id)))}`, { method: 'PATCH' });

    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ title: 'Bells', slug: `bells-${suffix}`, description: 'Bells that ring.', body: '', categories: [], client_side: 'required', server_side: 'optional', license_id: 'LicenseRef-Unknown', is_draft: true }),
    );
    const project = await api<{ id: string; team: string }>(inviter.token, '/v2/project', { method: 'POST', body: form });
    projectId = project.id;
    teamId = project.team;
    await api(inviter.token, `/v2/team/${teamId}/members`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ user_id: invitee.id }) });

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    await page.goto(`${siteUrl}/auth/sign-in`);
    await page.getByLabel('Email or username', { exact: true }).fill('demo-moderator');
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${siteUrl}/`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('shows the unread count, accepts the invite in place, and the invitee joins the team', async () => {
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.click();
    await page.waitForURL(`${siteUrl}/dashboard/notifications`);
    const entry = page.getByRole('article').filter({ hasText: 'Bells' });
    await entry.getByRole('heading', { name: 'You have been invited to join Bells' }).waitFor();
    const violations = await seriousAccessibilityViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await screenshot(page, 'notifications-unread');

    await entry.getByRole('button', { name: 'Accept' }).click();
    await page.getByText('Invitation accepted').first().waitFor();
    await page.getByRole('link', { name: 'Notifications, 0 unread' }).waitFor();
    expect(await page.getByRole('article').filter({ hasText: 'Bells' }).count()).toBe(0);

    const members = await api<Member[]>(inviter.token, `/v2/team/${teamId}/members`);
    expect(members.find((m) => m.user.id === invitee.id)?.accepted).toBe(true);
    expect(projectId).not.toBe('');
  });
});
