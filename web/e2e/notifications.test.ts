import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson as api, apiSignIn, signIn } from './demo-accounts';

/**
 * Notifications against the real API: the demo account invites the demo moderator to a new
 * project through the API; in the browser the invitee sees the bell's count, accepts the invite
 * on the notifications page, the count drops, and the API lists them as an accepted member.
 */
interface Member {
  user: { id: string; username: string };
  accepted: boolean;
}

describe.skipIf(!browserAvailable)('notifications in a real browser', () => {
  const suffix = Date.now().toString(36);
  const inviter = { token: '', id: '' };
  const invitee = { token: '', id: '' };
  let projectId = '';
  let teamId = '';
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;


  beforeAll(async () => {
    Object.assign(inviter, await apiSignIn('demo'));
    Object.assign(invitee, await apiSignIn('demo-moderator'));
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
    await signIn(page, 'demo-moderator');
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
