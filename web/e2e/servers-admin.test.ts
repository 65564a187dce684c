import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiSession, signIn } from './demo-accounts';
import { buyRunningServer, type BoughtServer } from './server-fixture';

/**
 * Server notices and the servers admin page against the real product: demo-admin creates a
 * warning for all servers, the demo user's panel shows it and dismisses it, and /servers/admin
 * lists the local node and the demo user's server.
 */
describe.skipIf(!browserAvailable)('servers staff pages in a real browser', () => {
  const stamp = Date.now().toString(36);
  const serverName = `Notice world ${stamp}`;
  const message = `Planned maintenance ${stamp}: the node restarts tonight.`;
  let browser: Browser;
  let adminSession = '';
  let demoSession = '';
  let bought: BoughtServer;

  const api = (session: string, path: string, init: RequestInit = {}) =>
    fetch(`${apiUrl}${path}`, { ...init, headers: { Authorization: session, ...(init.body ? { 'Content-Type': 'application/json' } : {}), ...init.headers } });
  const ourNotice = async () => {
    const { notices } = (await (await api(adminSession, '/v2/servers/notices')).json()) as { notices: Array<{ id: string; message: string; dismissed_count: number }> };
    return notices.find((n) => n.message === message);
  };

  beforeAll(async () => {
    [adminSession, demoSession] = await Promise.all([apiSession('demo-admin'), apiSession('demo')]);
    bought = await buyRunningServer(demoSession, serverName);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    // Leave nothing behind for other tests: the notice shows on every server.
    const notice = adminSession ? await ourNotice().catch(() => undefined) : undefined;
    if (notice) await api(adminSession, `/v2/servers/notices/${notice.id}`, { method: 'DELETE' });
    if (bought) await api(demoSession, `/v2/servers/${bought.id}/power`, { method: 'POST', body: JSON.stringify({ action: 'stop' }) });
  });

  it('admin creates a warning for all servers; the customer sees it on the panel and dismisses it', async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const adminPage = await admin.newPage();
    adminPage.setDefaultTimeout(30_000);
    await signIn(adminPage, 'demo-admin');
    await adminPage.goto(`${siteUrl}/admin/servers/notices`);
    await adminPage.getByRole('heading', { level: 1, name: 'Server notices' }).waitFor();
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);
    await adminPage.getByRole('button', { name: 'Create notice' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create a notice' });
    await dialog.getByLabel('Level').selectOption('warning');
    await dialog.getByLabel('Title (optional)').fill('Maintenance');
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByLabel('All servers').check();
    expect(await seriousAccessibilityViolations(adminPage)).toEqual([]);
    await dialog.getByRole('button', { name: 'Create notice' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: message });
    await row.waitFor();
    expect(await row.getByText('All servers').count()).toBe(1);
    await admin.close();

    const customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await customer.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo');
    await page.goto(`${siteUrl}/servers/manage/${bought.id}`);
    const notices = page.getByRole('region', { name: 'Notices about this server' });
    const banner = notices.getByRole('status').filter({ hasText: message });
    await banner.waitFor();
    expect(await banner.getByText('Maintenance', { exact: true }).count()).toBe(1);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    expect((await ourNotice())?.dismissed_count).toBe(1);
    // Dismissed for this server: it stays away after a reload.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: serverName }).waitFor();
    expect(await page.getByText(message).count()).toBe(0);
    await customer.close();
  }, 180_000);

  it('/servers/admin lists the node and the customer\'s server', async () => {
    const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await admin.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, 'demo-admin');
    await page.goto(`${siteUrl}/servers/admin`);
    const nodes = page.getByRole('table', { name: 'Nodes' });
    await nodes.waitFor();
    expect(await nodes.getByText('Healthy').count()).toBeGreaterThan(0);
    const servers = page.getByRole('table', { name: 'All servers' });
    const row = servers.getByRole('row').filter({ hasText: serverName });
    await row.waitFor();
    expect(await row.getByRole('button', { name: `Move ${serverName} to another node` }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Moderation' }).getByRole('link', { name: 'Servers and nodes' }).getAttribute('aria-current')).toBe('page');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await admin.close();
  }, 120_000);
});
