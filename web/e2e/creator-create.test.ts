import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { openOutbox, type Outbox } from './outbox';

/**
 * A new creator end to end on the real API: sign up and verify the email (creating projects needs
 * it), create a draft from the header's "Create" menu, see its publishing checklist, and find it
 * on the dashboard.
 */
describe.skipIf(!browserAvailable)('creating a project in a real browser', () => {
  const suffix = Date.now().toString(36);
  const account = { username: `maker_${suffix}`, email: `maker_${suffix}@example.com`, password: `Cedar-Heron-${suffix}-Lagoon` };
  const title = `Lantern Trail ${suffix}`;
  const slug = `lantern-trail-${suffix}`;
  let browser: Browser;
  let context: BrowserContext;
  let outbox: Outbox;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    outbox = await openOutbox();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await outbox?.close();
  });

  it('signs up and verifies the email address', async () => {
    await page.goto(`${siteUrl}/auth/sign-up`);
    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Cairn!' }).waitFor();
    await page.goto(await outbox.latestLink(account.email, 'verify_email'));
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
  });

  it('creates a draft from the header menu and shows its publishing checklist', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('menuitem', { name: 'Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a project' });
    await dialog.getByLabel('Name', { exact: true }).fill(title);
    expect(await dialog.getByLabel('URL', { exact: true }).inputValue()).toBe(slug);
    await dialog.getByRole('radio', { name: /Unlisted/ }).check();
    await dialog.getByLabel('Summary', { exact: true }).fill('Lanterns that light the way through caves.');
    await screenshot(page, 'creator-create-modal');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Create project' }).click();

    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`/${slug}$`));
    const checklist = page.getByRole('region', { name: 'Publishing checklist' });
    await checklist.waitFor();
    for (const item of ['Upload a version', 'Add a description', 'Select a license', 'Add an icon']) {
      await checklist.getByText(item, { exact: true }).waitFor();
    }
    expect(await checklist.getByRole('button', { name: 'Submit for review' }).isDisabled()).toBe(true);
    await screenshot(page, 'creator-checklist');
    await expectNoSeriousViolations(page);

    const created = (await (await page.request.get(`${apiUrl}/v2/project/${slug}`)).json()) as { status: string; requested_status: string; description: string };
    expect(created).toMatchObject({ status: 'draft', requested_status: 'unlisted', description: 'Lanterns that light the way through caves.' });
  });

  it('shows the project on the dashboard', async () => {
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).click();
    await page.getByRole('menuitem', { name: 'Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: account.username }).waitFor();
    await page.getByText('From 1 project').waitFor();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Projects' }).click();
    await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: title });
    await row.getByText('Draft').waitFor();
    await screenshot(page, 'creator-dashboard-projects');
    await expectNoSeriousViolations(page);
  });
});
