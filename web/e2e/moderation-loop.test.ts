import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations, onPage } from './browser';
import { apiJson as api, apiSession, signIn } from './demo-accounts';
import { zip, CLASS_BYTES } from './files';

/**
 * The review loop against the real API and worker: the demo account submits a new project from its
 * page and sees its place in the queue; the demo moderator opens it from the review queue (taking
 * the lock, which the demo admin then sees), rejects it with the checklist's message; the creator
 * reads it in the Moderation tab and resubmits with a reply; the moderator approves; the admin, who
 * followed the project while it was in review, finds its version announced under the bell.
 */
interface Notification {
  id: string;
  read: boolean;
  title: string;
  body: { type: string; project_id?: string; version_id?: string };
}

describe.skipIf(!browserAvailable)('the moderation loop in a real browser', () => {
  const suffix = randomBytes(4).toString('hex');
  const slug = `lantern-${suffix}`;
  const title = `Lantern ${suffix}`;
  const tokens = { demo: '', moderator: '', admin: '' };
  let adminId = '';
  let projectId = '';
  let versionId = '';
  let browser: Browser;

  async function signedInPage(username: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await signIn(page, username);
    return page;
  }

  beforeAll(async () => {
    [tokens.demo, tokens.moderator, tokens.admin] = [await apiSession('demo'), await apiSession('demo-moderator'), await apiSession('demo-admin')];
    adminId = (await api<{ id: string }>(tokens.admin, '/v2/user')).id;
    // Earlier runs may have left the admin unread notifications: start from none.
    const existing = await api<Notification[]>(tokens.admin, `/v2/user/${adminId}/notifications`);
    if (existing.length) await api(tokens.admin, `/v2/notifications?ids=${encodeURIComponent(JSON.stringify(existing.map((n) => n.id)))}`, { method: 'PATCH' });

    // A draft ready for review (description, license, environments) with one listed version.
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({ title, slug, description: 'A lantern for dark paths.', body: 'Lights the path ahead of you. Hold it in your off hand and the tunnel around you stays bright; set it on a fence post and it marks the way back out of the mine for everyone who follows, long after you have gone.', categories: [], client_side: 'required', server_side: 'optional', license_id: 'MIT', is_draft: true }),
    );
    projectId = (await api<{ id: string }>(tokens.demo, '/v2/project', { method: 'POST', body: form })).id;
    const tags = await api<Array<{ version: string; version_type: string }>>(tokens.demo, '/v2/tag/game_version');
    const release = tags.find((tag) => tag.version_type === 'release')!.version;
    const jar = zip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: `lantern${suffix}`, version: '1.0.0', name: title }), 'lantern/Lantern.class': CLASS_BYTES });
    const upload = new FormData();
    upload.append(
      'data',
      JSON.stringify({ project_id: projectId, name: 'First light', version_number: '1.0.0', changelog: 'First.', dependencies: [], game_versions: [release], version_type: 'release', loaders: ['fabric'], featured: false, file_parts: ['file'] }),
    );
    upload.append('file', new Blob([new Uint8Array(jar)], { type: 'application/java-archive' }), `lantern-${suffix}.jar`);
    versionId = (await api<{ id: string }>(tokens.demo, '/v2/version', { method: 'POST', body: upload })).id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  }, 150_000);

  it('the creator submits the project and sees its place in the queue', async () => {
    await onPage(await signedInPage('demo'), 'moderation-loop-submit', async (creator) => {
      await creator.goto(`${siteUrl}/mod/${slug}`);
      await creator.getByRole('heading', { level: 1, name: title }).waitFor();
      await creator.getByRole('button', { name: 'Submit for review' }).click();
      await creator.getByText('Project submitted for review').first().waitFor();
      await creator.goto(`${siteUrl}/mod/${slug}/moderation`);
      await creator.getByText(/Position \d+ of \d+ in the review queue\./).waitFor();
      await expectNoSeriousViolations(creator);
    });
    const position = await api<{ position: number | null; queue_size: number }>(tokens.demo, `/v2/project/${projectId}/queue`);
    expect(position.position).not.toBeNull();
    // Moderators (the admin too) see projects under review: the admin follows this one now.
    await api(tokens.admin, `/v2/project/${projectId}/follow`, { method: 'POST' });
  }, 150_000);

  it('a moderator takes the lock (the admin sees it), runs the checklist and rejects with its message', async () => {
    const moderator = await signedInPage('demo-moderator');
    try {
      await moderator.goto(`${siteUrl}/moderation/review?sort=newest`);
      await moderator.getByRole('link', { name: `Review: ${title}` }).click();
      const panel = moderator.getByRole('complementary', { name: 'Review checklist' });
      await panel.getByText(/You are reviewing this project/).waitFor();

      // Lock contention: the admin opening the same review sees who holds it.
      await onPage(await signedInPage('demo-admin'), 'moderation-loop-lock', async (admin) => {
        await admin.goto(`${siteUrl}/mod/${slug}?review=1`);
        const adminPanel = admin.getByRole('complementary', { name: 'Review checklist' });
        await adminPanel.getByText(/demo-moderator is reviewing this project/).waitFor();
        await adminPanel.getByRole('button', { name: 'Take over the review' }).waitFor();
      });

      await panel.getByRole('button', { name: 'Next' }).click();
      await moderator.keyboard.press('ArrowRight');
      await panel.getByText(/Stage 3 of \d+: Description/).waitFor();
      await panel.getByRole('button', { name: 'Description is insufficient' }).click();
      // The shortcut jumps from any stage to the written message and the decision buttons.
      await moderator.keyboard.press('Control+Shift+E');
      const message = panel.getByRole('textbox', { name: 'Message to the team (markdown)' });
      await expect.poll(() => message.inputValue()).toContain('## Description');
      await expectNoSeriousViolations(moderator);
      await panel.getByRole('button', { name: 'Reject' }).click();
      await moderator.getByText('Moderation decision saved').first().waitFor();
    } catch (error) {
      await screenshot(moderator, 'moderation-loop-reject');
      throw error;
    } finally {
      await moderator.context().close();
    }
    const rejected = await api<{ status: string }>(tokens.demo, `/v2/project/${projectId}`);
    expect(rejected.status).toBe('rejected');
  }, 150_000);

  it('the creator reads the message in the Moderation tab and resubmits with a reply', async () => {
    await onPage(await signedInPage('demo'), 'moderation-loop-resubmit', async (creator) => {
      await creator.goto(`${siteUrl}/mod/${slug}/moderation`);
      const thread = creator.getByRole('list', { name: 'Messages' });
      await thread.getByText(/The description needs to explain/).waitFor();
      // The moderator's name stays hidden from the team.
      expect(await thread.getByText('demo-moderator').count()).toBe(0);
      await creator.getByLabel('Reply to the moderators (optional)').fill('The description now explains what the lantern does.');
      await creator.getByLabel('I have addressed every comment of the moderators.').check();
      await creator.getByRole('button', { name: 'Resubmit with reply' }).click();
      await creator.getByText('Project resubmitted for review').first().waitFor();
      await thread.getByText('The description now explains what the lantern does.').waitFor();
      await expectNoSeriousViolations(creator);
    });
  }, 150_000);

  it('the moderator approves and the follower finds the released version under the bell', async () => {
    await onPage(await signedInPage('demo-moderator'), 'moderation-loop-approve', async (moderator) => {
      await moderator.goto(`${siteUrl}/mod/${slug}?review=1`);
      const panel = moderator.getByRole('complementary', { name: 'Review checklist' });
      await panel.getByText(/You are reviewing this project/).waitFor();
      await moderator.keyboard.press('Control+Shift+E');
      await panel.getByRole('button', { name: 'Approve' }).click();
      await moderator.getByText('Moderation decision saved').first().waitFor();
    });
    expect((await api<{ status: string }>(tokens.demo, `/v2/project/${projectId}`)).status).toBe('approved');

    // The worker fans the released version out to the project's followers.
    await expect
      .poll(async () => (await api<Notification[]>(tokens.admin, `/v2/user/${adminId}/notifications`)).filter((n) => !n.read).map((n) => n.body), { timeout: 30_000, interval: 500 })
      .toEqual([{ type: 'project_update', project_id: projectId, version_id: versionId }]);
    await onPage(await signedInPage('demo-admin'), 'moderation-loop-bell', async (admin) => {
      await admin.getByRole('link', { name: 'Notifications, 1 unread' }).click();
      await admin.waitForURL(`${siteUrl}/dashboard/notifications`);
      await admin.getByRole('article').filter({ hasText: title }).getByRole('heading', { name: `${title} has a new version` }).waitFor();
      await expectNoSeriousViolations(admin);
    });
  }, 150_000);
});
