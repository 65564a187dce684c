import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { apiJson as api, apiSession, signIn } from './demo-accounts';

/**
 * Reporting against the real API: the demo account reports a public project from its page, is
 * refused a second report with a link to the first, a moderator answers it from the moderation
 * pages and closes it, and the reporter reads the closed report with the answer.
 */
interface ApiProject {
  id: string;
  slug: string;
  title: string;
  project_type: string;
}

describe.skipIf(!browserAvailable)('reports in a real browser', () => {
  let browser: Browser;
  let project: ApiProject;
  let reportId = '';

  async function signedInPage(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page, username);
    return page;
  }

  beforeAll(async () => {
    const [demo, moderator] = [await apiSession('demo'), await apiSession('demo-moderator')];
    project = (await api<ApiProject[]>(demo, '/v2/projects_random?count=1'))[0]!;
    // An earlier run may have left demo's report of this project open: close it.
    for (const open of await api<Array<{ id: string; item_id: string }>>(demo, '/v2/report?count=1000')) {
      if (open.item_id === project.id) await api(moderator, `/v2/report/${open.id}`, { method: 'PATCH', body: JSON.stringify({ closed: true }) });
    }
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a user reports a project from its page and is refused a second report, with a link to the first', async () => {
    const page = await signedInPage('demo');
    try {
      await page.goto(`${siteUrl}/project/${project.id}`);
      await page.getByRole('heading', { level: 1, name: project.title }).waitFor();
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Report' }).click();
      await page.getByRole('heading', { level: 1, name: `Report ${project.title} to moderators` }).waitFor();
      await page.getByRole('radio', { name: 'Spam' }).check();
      await page.getByLabel('What is wrong?').fill('Every version of this project is the same empty file.');
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Submit report' }).click();
      await page.waitForURL(/\/dashboard\/report\/[0-9A-Za-z]+$/);
      reportId = page.url().split('/').pop()!;
      await page.getByRole('heading', { name: 'Report details' }).waitFor();

      await page.goto(`${siteUrl}/report?item=project&itemID=${project.id}`);
      await page.getByRole('heading', { level: 1, name: `You've already reported ${project.title}` }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to your report' }).getAttribute('href')).toBe(`/dashboard/report/${reportId}`);
    } catch (error) {
      await screenshot(page, 'reports-submit');
      throw error;
    } finally {
      await page.context().close();
    }
  });

  it('a moderator answers the report and closes it; the reporter reads both', async () => {
    const moderator = await signedInPage('demo-moderator');
    try {
      await moderator.goto(`${siteUrl}/moderation/reports`);
      await moderator.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
      await moderator.locator(`a[href="/moderation/report/${reportId}"]`).click();
      await moderator.getByRole('heading', { name: 'Report details' }).waitFor();
      await moderator.getByLabel('Your message').fill('Thanks, we are removing the empty files.');
      await moderator.getByRole('button', { name: 'Send', exact: true }).click();
      await moderator.getByText('Message sent').first().waitFor();
      await moderator.getByRole('button', { name: 'Close report' }).click();
      await moderator.getByRole('button', { name: 'Reopen report' }).waitFor();
      await expectNoSeriousViolations(moderator);
    } catch (error) {
      await screenshot(moderator, 'reports-moderator');
      throw error;
    } finally {
      await moderator.context().close();
    }

    const reporter = await signedInPage('demo');
    try {
      await reporter.goto(`${siteUrl}/dashboard/report/${reportId}`);
      const messages = reporter.getByRole('list', { name: 'Messages' });
      await messages.getByText('Thanks, we are removing the empty files.').waitFor();
      expect(await messages.getByText('Moderator', { exact: true }).count()).toBe(1);
      await messages.getByText(/The thread was closed/).waitFor();
      await reporter.getByText(/This report is closed/).waitFor();
      expect(await reporter.getByLabel('Your message').count()).toBe(0);
      await expectNoSeriousViolations(reporter);
    } catch (error) {
      await screenshot(reporter, 'reports-reporter');
      throw error;
    } finally {
      await reporter.context().close();
    }
  });
});
