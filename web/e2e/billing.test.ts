import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { demoPassword } from './demo-accounts';
import { openOutbox, type Outbox } from './outbox';
import { openProductDatabase, type ProductDatabase } from './product-database';

/**
 * Plus from purchase to refund against the real API, worker and sandbox processor: a new member
 * subscribes on /plus with the card that pays on-session but declines renewals, and gets the
 * badge. A month is made to pass the way the database would look then (the renewal falls due)
 * and the worker's own renewal job is queued through pg-boss: the renewal fails, the site-wide
 * banner appears, the member adds a good card, makes it primary and retries, and the banner goes.
 * They cancel and keep Plus until the period ends; the demo admin refunds a charge.
 */
interface Charge {
  id: string;
  status: string;
  type: string;
  amount: number;
  due: string;
  parent_charge_id: string | null;
}

describe.skipIf(!browserAvailable)('billing in a real browser', () => {
  const suffix = randomBytes(4).toString('hex');
  const account = { username: `member${suffix}`, email: `member${suffix}@example.test`, password: `Summit-${suffix}-Cairn!` };
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let outbox: Outbox;
  let database: ProductDatabase;
  let userId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    outbox = await openOutbox();
    database = await openProductDatabase();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    page = await context.newPage();
    // The session cookie lands in this browser context, so the site is signed in too.
    const headers = { Origin: siteUrl };
    expect((await page.request.post(`${apiUrl}/v2/auth/create`, { data: account, headers })).status()).toBe(200);
    const flow = new URL(await outbox.latestLink(account.email, 'verify_email')).searchParams.get('flow');
    expect((await page.request.post(`${apiUrl}/v2/auth/email/verify`, { data: { flow }, headers })).status()).toBe(204);
    userId = ((await (await page.request.get(`${apiUrl}/v2/user`, { headers })).json()) as { id: string }).id;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await outbox?.close();
    await database?.close();
  });

  const charges = async () => (await (await page.request.get(`${apiUrl}/v2/billing/payments`, { headers: { Origin: siteUrl } })).json()) as Charge[];
  const pendingRenewal = async () => (await charges()).find((c) => c.type === 'subscription' && c.status !== 'succeeded')!;

  async function step(name: string, target: Page, steps: () => Promise<void>) {
    try {
      await steps();
    } catch (error) {
      await screenshot(target, name);
      throw error;
    }
  }

  const banner = () => page.getByText('Billing action required', { exact: true });

  /** Opens the profile and waits until the signed-in user's charges are known (so the banner has decided). */
  async function openProfile() {
    const chargesLoaded = page.waitForResponse((r) => r.url().startsWith(`${apiUrl}/v2/billing/payments`) && r.ok());
    await page.goto(`${siteUrl}/user/${account.username}`);
    await page.getByRole('heading', { level: 1, name: account.username }).waitFor();
    await chargesLoaded;
  }

  it('subscribes to Plus with a sandbox card and shows the badge on the profile', async () => {
    await step('billing-subscribe', page, async () => {
      await page.goto(`${siteUrl}/plus`);
      await page.getByRole('heading', { level: 1, name: 'Cairn Plus' }).waitFor();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to Plus' });
      await dialog.getByLabel('Card number').fill('4000 0000 0000 0341');
      await dialog.getByLabel('Expiry date').fill('12/34');
      await dialog.getByLabel('Security code').fill('123');
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: /^Pay / }).click();
      await page.getByText('Welcome to Plus!').waitFor();
      await screenshot(page, 'billing-subscribed');

      await openProfile();
      await page.getByText('Plus member', { exact: true }).waitFor();
      expect(await banner().count()).toBe(0);
    });
    expect((await pendingRenewal()).status).toBe('open');
  });

  it('fails the renewal with the declining card and shows the billing banner across the site', async () => {
    const renewal = await pendingRenewal();
    // A month later: the renewal has fallen due. The worker's renewal pass then charges it off-session.
    await database.makeRenewalDue(account.username);
    await database.runJob('billing.renewals');
    expect((await charges()).find((c) => c.id === renewal.id)!.status).toBe('failed');

    await step('billing-banner', page, async () => {
      await openProfile();
      await banner().waitFor();
      // The perks stay while the renewal is retried.
      await page.getByText('Plus member', { exact: true }).waitFor();
      await screenshot(page, 'billing-banner');
      await expectNoSeriousViolations(page);
      await page.getByRole('link', { name: 'Update payment method' }).click();
      await page.waitForURL(`${siteUrl}/settings/billing`);
    });
  });

  it('replaces the card, retries, and the banner goes', async () => {
    await step('billing-replace-card', page, async () => {
      const plusCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Cairn Plus' }) });
      await plusCard.getByText('The last payment failed. Update your payment method and retry.').waitFor();
      await page.getByRole('button', { name: 'Add a card', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a card' });
      await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
      await dialog.getByLabel('Expiry date').fill('11/33');
      await dialog.getByLabel('Security code').fill('321');
      await dialog.getByRole('button', { name: 'Save card' }).click();
      await page.getByText('Card saved').waitFor();
      await page.getByRole('button', { name: 'Make primary: Visa ending in 4242' }).click();
      await page.getByText('Primary payment method changed').waitFor();
      await page.getByRole('heading', { level: 2, name: /Visa ending in 4242/ }).filter({ hasText: 'Primary' }).waitFor();
      await expectNoSeriousViolations(page);
      await plusCard.getByRole('button', { name: 'Retry payment' }).click();
      await page.getByText('Payment succeeded', { exact: true }).waitFor();
      await plusCard.getByText(/^Next charge on /).waitFor();
    });
    const list = await charges();
    expect(list.filter((c) => c.type === 'subscription' && c.status === 'succeeded')).toHaveLength(2);
    expect(list.filter((c) => c.status === 'failed')).toHaveLength(0);

    await step('billing-banner-gone', page, async () => {
      await openProfile();
      await page.getByText('Plus member', { exact: true }).waitFor();
      expect(await banner().count()).toBe(0);
    });
  });

  it('cancels and keeps Plus until the period ends', async () => {
    const renewal = await pendingRenewal();
    const until = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(renewal.due));
    await step('billing-cancel', page, async () => {
      await page.goto(`${siteUrl}/settings/billing`);
      const plusCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: 'Cairn Plus' }) });
      await plusCard.getByRole('button', { name: 'Cancel', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Cancel this subscription?' });
      await confirm.getByText(`You keep Plus until ${until}.`, { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
      await page.getByText('Subscription cancelled', { exact: true }).waitFor();
      await plusCard.getByText(`Cancelled: keeps its perks until ${until}`).waitFor();
      await plusCard.getByRole('button', { name: 'Resubscribe' }).waitFor();
      await screenshot(page, 'billing-cancelled');
      await expectNoSeriousViolations(page);
    });
    expect((await pendingRenewal()).status).toBe('expiring');

    // The worker's passes before the period ends leave Plus in place.
    await database.runJob('billing.renewals');
    await step('billing-cancelled-profile', page, async () => {
      await openProfile();
      await page.getByText('Plus member', { exact: true }).waitFor();
    });
  });

  it('lets an admin refund a charge from the user\'s billing page', async () => {
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    const admin = await adminContext.newPage();
    try {
      const login = await admin.request.post(`${apiUrl}/v2/auth/login`, { data: { username: 'demo-admin', password: await demoPassword('demo-admin') }, headers: { Origin: siteUrl } });
      expect(login.status()).toBe(200);
      await step('billing-admin-refund', admin, async () => {
        await admin.goto(`${siteUrl}/admin/billing/${userId}`);
        await admin.getByRole('heading', { level: 1, name: `${account.username}'s billing` }).waitFor();
        await expectNoSeriousViolations(admin);
        await admin.getByRole('button', { name: 'Refund', exact: true }).first().click();
        const dialog = admin.getByRole('dialog', { name: 'Refund a charge' });
        await dialog.getByRole('radio', { name: /Full \(/ }).check();
        await expectNoSeriousViolations(admin);
        await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
        await admin.getByText('Refund issued', { exact: true }).waitFor();
        await screenshot(admin, 'billing-admin-refunded');
      });
    } finally {
      await adminContext.close();
    }
    const list = await charges();
    const refunds = list.filter((c) => c.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ status: 'succeeded', amount: -499 });
    expect(list.find((c) => c.id === refunds[0]!.parent_charge_id)).toMatchObject({ status: 'succeeded', amount: 499 });
  });
});
