import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, apiSignIn, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * Sharing a server in a real browser: the demo user invites the demo moderator as Limited from the
 * panel's Members tab; the moderator accepts from their notifications, sees the server, gets the
 * console but no Files, Backups, Content or Options, sends a command, and finds it in the
 * Activity tab filtered by kind.
 */
describe.skipIf(!browserAvailable)('server members in a real browser', () => {
  const name = `Shared world ${Date.now().toString(36)}`;
  let browser: Browser;
  let session = '';
  let server: BoughtServer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    session = await apiSession('demo');
    server = await buyRunningServer(session, name);
  }, 180_000);
  afterAll(async () => {
    if (server) {
      const member = await apiSignIn('demo-moderator');
      await fetch(`${apiUrl}/v2/servers/${server.id}/members/${member.id}`, { method: 'DELETE', headers: { Authorization: session } });
      await fetch(`${apiUrl}/v2/servers/${server.id}/power`, { method: 'POST', headers: { Authorization: session, 'Content-Type': 'application/json' }, body: JSON.stringify({ action: 'stop' }) });
    }
    await browser?.close();
  });

  it('invites a Limited member who gets the console but not the files, and whose command shows in the activity log', async () => {
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await owner.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${server!.id}`);
    await page.getByRole('tab', { name: 'Members' }).click();
    const tab = page.getByRole('tabpanel');
    await tab.getByText('Your role here: Owner').waitFor();
    await tab.getByLabel('Username').fill('demo-moderator');
    expect(await tab.getByLabel('Role').inputValue()).toBe('limited');
    expect(await tab.getByRole('checkbox', { name: 'Change files' }).isChecked()).toBe(false);
    expect(await tab.getByRole('checkbox', { name: 'Send console commands' }).isChecked()).toBe(true);
    await tab.getByRole('button', { name: 'Send invitation' }).click();
    await tab.getByText('Limited, invitation not answered yet').waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const member = await memberContext.newPage();
    member.setDefaultTimeout(30_000);
    await signIn(member, 'demo-moderator');
    await member.goto(`${siteUrl}/dashboard/notifications`);
    const invitation = member.getByRole('article').filter({ hasText: `You have been invited to ${name}` });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await member.waitForFunction((title) => ![...document.querySelectorAll('article')].some((a) => a.textContent?.includes(title)), `You have been invited to ${name}`);
    await member.goto(`${siteUrl}/servers/manage`);
    await member.getByText(name).first().waitFor();

    await member.goto(`${siteUrl}/servers/manage/${server!.id}`);
    await member.getByRole('tab', { name: 'Members' }).waitFor();
    const tabs = await member.getByRole('tab').allTextContents();
    expect(tabs).toEqual(expect.arrayContaining(['Overview', 'Members', 'Activity']));
    for (const hidden of ['Content', 'Files', 'Backups', 'Options']) expect(tabs).not.toContain(hidden);
    const command = member.getByRole('textbox', { name: /Command/ });
    await command.fill('say limited member was here');
    await command.press('Enter');
    await member.getByText('limited member was here').first().waitFor();
    expect(await seriousAccessibilityViolations(member)).toEqual([]);

    await member.getByRole('tab', { name: 'Activity' }).click();
    const log = member.getByRole('tabpanel');
    await log.getByLabel('Kind').selectOption('console');
    await log.getByRole('cell', { name: 'say limited member was here' }).waitFor();
    const row = log.getByRole('row').filter({ hasText: 'say limited member was here' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('demo-moderator');
    expect(await seriousAccessibilityViolations(member)).toEqual([]);

    // The owner sees the accepted member and the invitation in the log.
    await page.reload();
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.getByRole('tabpanel').getByRole('cell', { name: 'demo-moderator as limited' }).waitFor();
    await owner.close();
    await memberContext.close();
  });
});
