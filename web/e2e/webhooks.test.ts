import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, launchBrowser, screenshot, seriousAccessibilityViolations, siteUrl } from './browser';
import { apiJson, apiSession, signIn } from './demo-accounts';

/**
 * Release webhooks in a real browser against the real product: a creator adds a webhook in the
 * project's settings, sends a test message, and sees it in the delivery log — delivered by the
 * product's own worker to a receiver this file starts on the port the e2e setup put on
 * OUTBOUND_ALLOW_HOSTS. The receiver checks the Standard Webhooks signature with the secret the
 * page showed once.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.skipIf(!browserAvailable)('webhooks in project settings', () => {
  const suffix = Date.now().toString(36);
  const slug = `signals-${suffix}`;
  const receiverPort = inject('webhookReceiverPort');
  const hookUrl = `http://127.0.0.1:${receiverPort}/hook-${suffix}`;
  const received: Received[] = [];
  let receiver: Server;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(200, { 'content-type': 'text/plain' }).end('received by the test');
      });
    });
    await new Promise<void>((done) => receiver.listen(receiverPort, '127.0.0.1', done));

    const token = await apiSession('demo');
    const form = new FormData();
    form.append(
      'data',
      JSON.stringify({
        title: 'Signals',
        slug,
        description: 'Signal lamps for every cave.',
        body: '',
        categories: [],
        client_side: 'required',
        server_side: 'optional',
        license_id: 'LicenseRef-Unknown',
        is_draft: true,
      }),
    );
    await apiJson(token, '/v2/project', { method: 'POST', body: form });

    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    await signIn(page, 'demo');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await new Promise<void>((done) => (receiver ? receiver.close(() => done()) : done()));
  });

  it('adds a webhook, sends a test message and shows its delivery in the log', async () => {
    try {
      await page.goto(`${siteUrl}/mod/${slug}/settings/webhooks`);
      await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
      // The list loads after the heading: wait for its empty state rather than checking at once.
      await page.getByText('No webhooks yet.').waitFor();

      const form = page.getByRole('form', { name: 'Add a webhook' });
      await form.getByLabel('Destination URL').fill(hookUrl);
      await form.getByRole('checkbox', { name: 'Version edited' }).check();
      await form.getByRole('button', { name: 'Add webhook' }).click();

      const secretPanel = page.getByRole('region', { name: 'Signing secret' });
      await secretPanel.waitFor();
      const secret = ((await secretPanel.locator('code').textContent()) ?? '').trim();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      // The panel takes the focus, so keyboard users land on the secret.
      expect(await secretPanel.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await secretPanel.getByRole('button', { name: 'Done' }).click();
      await secretPanel.waitFor({ state: 'detached' });
      expect(await page.getByText(secret).count()).toBe(0);

      const entry = page.getByRole('listitem', { name: hookUrl });
      await entry.getByText('On', { exact: true }).waitFor();
      await entry.getByRole('button', { name: 'Send a test message' }).click();
      const log = entry.getByRole('table', { name: 'Deliveries' });
      // Delivered by the worker; the log asks again while it is pending.
      await log.getByText('Delivered (200)').waitFor({ timeout: 60_000 });
      expect(await log.getByRole('cell', { name: 'Test message' }).count()).toBe(1);
      await log.getByText('Response').click();
      await log.getByText('received by the test').waitFor();
      expect(await log.getByRole('button', { name: 'Send again' }).count()).toBe(1);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      expect(received).toHaveLength(1);
      const [message] = received;
      const { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature } = message!.headers;
      const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${String(id)}.${String(timestamp)}.${message!.body}`).digest('base64');
      expect(String(signature).split(' ')).toContain(`v1,${expected}`);
      expect(JSON.parse(message!.body)).toMatchObject({ type: 'ping', data: { project: { slug } } });
    } catch (error) {
      console.error(`screenshot: ${await screenshot(page, 'webhooks-failure')}`);
      throw error;
    }
  }, 120_000);
});
