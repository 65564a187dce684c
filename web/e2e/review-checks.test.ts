import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations, onPage } from './browser';
import { apiJson as api, apiSession, signIn } from './demo-accounts';
import { zip, CLASS_BYTES } from './files';

/**
 * The review pre-checks on the submit step (issue 41): the demo account's draft has a short
 * description and a custom license without a link, so the checklist shows both as "Must fix"
 * with links to where they are fixed and keeps "Submit for review" disabled; once fixed through
 * the API the page shows them passed and submission opens. A moderator sees the same checks in
 * the review panel.
 */
describe.skipIf(!browserAvailable)('review pre-checks in a real browser', () => {
  const suffix = randomBytes(4).toString('hex');
  const slug = `prechecked-${suffix}`;
  const title = `Prechecked ${suffix}`;
  let demo = '';
  let projectId = '';
  let browser: Browser;

  async function signedInPage(username: string, width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page, username);
    return page;
  }

  beforeAll(async () => {
    demo = await apiSession('demo');
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title,
        slug,
        description: 'A lamp that checks itself.',
        body: 'Lights up.',
        categories: [],
        client_side: 'required',
        server_side: 'optional',
        license_id: 'LicenseRef-Lamp-License',
        is_draft: true,
      }),
    );
    projectId = (await api<{ id: string }>(demo, '/v2/project', { method: 'POST', body: form })).id;
    const tags = await api<Array<{ version: string; version_type: string }>>(demo, '/v2/tag/game_version');
    const release = tags.find((tag) => tag.version_type === 'release')!.version;
    const jar = zip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: `lamp${suffix}`, version: '1.0.0', name: title, depends: { minecraft: release } }), 'lamp/Lamp.class': CLASS_BYTES });
    const upload = new FormData();
    upload.append(
      'data',
      JSON.stringify({ project_id: projectId, name: 'First lamp', version_number: '1.0.0', changelog: 'First.', dependencies: [], game_versions: [release], version_type: 'release', loaders: ['fabric'], featured: false, file_parts: ['file'] }),
    );
    upload.append('file', new Blob([new Uint8Array(jar)], { type: 'application/java-archive' }), `lamp-${suffix}.jar`);
    const version = await api<{ id: string }>(demo, '/v2/version', { method: 'POST', body: upload });
    // The upload scan finishes seconds after the upload; the pre-checks then count it as passed.
    await vi.waitFor(
      async () => {
        expect((await api<{ state: string }>(demo, `/v2/version/${version.id}/scan`)).state).toBe('clean');
      },
      { timeout: 30_000, interval: 500 },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  }, 150_000);

  it('shows failed pre-checks with links to fix them and keeps submission closed until they pass', async () => {
    await onPage(await signedInPage('demo'), 'review-checks-submit', async (page) => {
      await page.goto(`${siteUrl}/mod/${slug}`);
      const checklist = page.getByRole('region', { name: 'Publishing checklist' });
      const preChecks = checklist.getByRole('region', { name: 'Pre-checks' });
      await preChecks.getByText('2 to fix, 0 warnings, 5 passed.').waitFor();
      const description = preChecks.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Description Must fix' }) });
      await description.getByText(/has 10 characters of text; at least 200/).waitFor();
      expect(await description.getByRole('link', { name: 'Open the description settings' }).getAttribute('href')).toBe(`/mod/${slug}/settings/description`);
      const license = preChecks.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'License Must fix' }) });
      await license.getByText('A custom license needs a link to its full text.').waitFor();
      expect(await license.getByRole('link', { name: 'Open the license settings' }).getAttribute('href')).toBe(`/mod/${slug}/settings/license`);
      // The file agrees with what the version declares.
      await preChecks.getByRole('heading', { name: 'Version metadata Passed' }).waitFor();
      const submit = checklist.getByRole('button', { name: 'Submit for review' });
      expect(await submit.isDisabled()).toBe(true);
      await checklist.getByText('Fix the failed pre-checks to submit the project for review.').waitFor();
      await expectNoSeriousViolations(page);
      await screenshot(page, 'review-checks-failing');

      // The link leads to the page where the description is edited.
      await description.getByRole('link', { name: 'Open the description settings' }).click();
      await page.getByRole('textbox', { name: 'Description' }).waitFor();
    });

    const body = 'A lamp that lights the way through every cave you walk into, and dims itself when the sun comes up. '.repeat(3);
    await api(demo, `/v2/project/${projectId}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ body, license_url: 'https://example.org/lamp-license' }) });

    // On a phone: everything passes, and the submit button opens.
    await onPage(await signedInPage('demo', 390), 'review-checks-passing', async (page) => {
      await page.goto(`${siteUrl}/mod/${slug}`);
      const checklist = page.getByRole('region', { name: 'Publishing checklist' });
      await checklist.getByRole('region', { name: 'Pre-checks' }).getByText('Nothing to fix, 0 warnings, 7 passed.').waitFor();
      const submit = checklist.getByRole('button', { name: 'Submit for review' });
      await expect.poll(() => submit.isEnabled()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousViolations(page);
    });
  }, 150_000);

  it('shows the moderator the same checks in the review panel', async () => {
    await onPage(await signedInPage('demo-moderator'), 'review-checks-moderator', async (page) => {
      await page.goto(`${siteUrl}/mod/${slug}?review=1`);
      const panel = page.getByRole('complementary', { name: 'Review checklist' });
      const summary = panel.getByText('Pre-checks: Nothing to fix, 0 warnings, 7 passed.');
      await summary.click();
      await panel.getByRole('heading', { name: 'Description Passed' }).waitFor();
      await expectNoSeriousViolations(page);
      await panel.getByRole('button', { name: 'Exit review' }).click();
    });
  }, 150_000);
});
