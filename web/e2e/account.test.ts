import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Secret, TOTP } from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl, browserAvailable, launchBrowser, screenshot, siteUrl, expectNoSeriousViolations } from './browser';
import { openOutbox, type Outbox } from './outbox';

/**
 * Account screens end to end on the real API: sign-up and email verification, two-factor
 * authentication, password reset, tokens, an OAuth app's whole flow, sessions and launcher
 * sign-in. The steps build on each other (one account), so they run in order.
 */
describe.skipIf(!browserAvailable)('account screens in a real browser', () => {
  const suffix = Date.now().toString(36);
  const account = { username: `walker_${suffix}`, email: `walker_${suffix}@example.com`, password: `Tundra-Maple-${suffix}-Quartz` };
  const newPassword = `Granite-Otter-${suffix}-Lantern`;
  let browser: Browser;
  let outbox: Outbox;
  const contexts: BrowserContext[] = [];
  let page: Page;
  let totpSecret = '';
  let backupCodes: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    outbox = await openOutbox();
    page = await newPage();
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await outbox?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    contexts.push(context);
    return context.newPage();
  }

  /** A code for the next time step: accepted now (one step of drift), and later than any step used before. */
  function nextTotp(): string {
    return new TOTP({ secret: Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + 30_000 });
  }

  async function signInWithPassword(target: Page, password: string, secondFactor: string) {
    await target.getByLabel('Email or username', { exact: true }).fill(account.username);
    await target.getByLabel('Password', { exact: true }).fill(password);
    await target.getByRole('button', { name: 'Sign in', exact: true }).click();
    await target.getByRole('heading', { level: 1, name: 'Enter two-factor code' }).waitFor();
    await target.getByLabel('Two-factor code', { exact: true }).fill(secondFactor);
    await target.getByRole('button', { name: 'Verify' }).click();
  }

  async function signOut(target: Page) {
    await target.getByRole('button', { name: `Account menu for ${account.username}` }).click();
    await target.getByRole('menuitem', { name: 'Sign out' }).click();
    await target.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
  }

  const userWith = (token: string) => fetch(`${apiUrl}/v2/user`, { headers: { Authorization: token } });

  it('signs up (after a confirmation mismatch), shows the email banner, and verifies through the emailed link', async () => {
    await page.goto(`${siteUrl}/auth/sign-up`);
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    await screenshot(page, 'auth-sign-up');
    await expectNoSeriousViolations(page);

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(`${account.password}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Passwords do not match!').waitFor();
    await screenshot(page, 'auth-sign-up-mismatch');
    await expectNoSeriousViolations(page);

    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Cairn!' }).waitFor();
    await page.getByText('Account action required').waitFor();
    await screenshot(page, 'auth-welcome');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${siteUrl}/`);
    expect(await page.getByText('Account action required').isVisible()).toBe(true);

    const link = await outbox.latestLink(account.email, 'verify_email');
    expect(link.startsWith(`${siteUrl}/auth/verify-email?flow=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
    await page.getByText('Account action required').waitFor({ state: 'detached' });
    await screenshot(page, 'auth-verify-email');
    await expectNoSeriousViolations(page);

    // The same link again: this account is verified now.
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email already verified' }).waitFor();
  });

  it.each([
    ['/settings', 'Appearance'],
    ['/settings/language', 'Language'],
    ['/settings/profile', 'Public profile'],
    ['/settings/account', 'Account and security'],
    ['/settings/sessions', 'Sessions'],
    ['/settings/pats', 'Personal access tokens'],
    ['/settings/applications', 'Applications'],
    ['/settings/authorizations', 'Authorized apps'],
  ])('%s shows "%s" and passes axe', async (path, title) => {
    await page.goto(`${siteUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await screenshot(page, `settings${path.replace('/settings', '').replace('/', '-') || '-appearance'}`);
    await expectNoSeriousViolations(page);
  });

  it('saves the public profile with a toast', async () => {
    await page.goto(`${siteUrl}/settings/profile`);
    await page.getByLabel('Bio', { exact: true }).fill('Walks the trails, packs the mods.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Changes saved').waitFor();
    const me = (await (await page.request.get(`${apiUrl}/v2/user`)).json()) as { bio: string };
    expect(me.bio).toBe('Walks the trails, packs the mods.');
  });

  it('turns on two-factor authentication with a code computed from the QR secret, then signing in needs a code', async () => {
    await page.goto(`${siteUrl}/settings/account`);
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up two-factor authentication' });
    await dialog.getByRole('img', { name: /QR code/ }).waitFor();
    await screenshot(page, 'settings-two-factor-setup');
    await expectNoSeriousViolations(page);
    totpSecret = ((await dialog.getByRole('code').textContent()) ?? '').replace(/\s+/g, '');
    expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
    const current = new TOTP({ secret: Secret.fromBase32(totpSecret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
    await dialog.getByLabel('Verification code', { exact: true }).fill(current);
    await dialog.getByRole('button', { name: 'Verify code' }).click();

    const codes = page.getByRole('dialog', { name: 'Your backup codes' });
    await codes.getByRole('listitem').first().waitFor();
    backupCodes = (await codes.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(backupCodes).toHaveLength(6);
    await screenshot(page, 'settings-two-factor-backup-codes');
    await codes.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByRole('button', { name: 'Remove two-factor authentication' }).waitFor();

    await signOut(page);
    await page.goto(`${siteUrl}/auth/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await screenshot(page, 'auth-sign-in');
    await expectNoSeriousViolations(page);
    await page.getByLabel('Email or username', { exact: true }).fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter two-factor code' }).waitFor();
    await screenshot(page, 'auth-two-factor');
    await expectNoSeriousViolations(page);
    await page.getByLabel('Two-factor code', { exact: true }).fill(nextTotp());
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).waitFor();
  });

  it('creates a personal access token that works against the API', async () => {
    await page.goto(`${siteUrl}/settings/pats`);
    await page.getByRole('button', { name: 'Create a token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a personal access token' });
    await dialog.getByLabel('Name', { exact: true }).fill('e2e reader');
    await dialog.getByRole('checkbox', { name: 'Read your profile' }).check();
    await screenshot(page, 'settings-pats-create');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Create token' }).click();
    const token = ((await page.getByRole('status').filter({ hasText: 'e2e reader' }).getByRole('code').textContent()) ?? '').trim();
    expect(token).toMatch(/^crp_/);
    await page.getByRole('heading', { level: 2, name: 'e2e reader' }).waitFor();
    await page.getByText('Never used').waitFor();
    await screenshot(page, 'settings-pats-created');

    const response = await userWith(token);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { username: string }).username).toBe(account.username);
    await page.reload();
    await page.getByText(/^Last used/).waitFor();
  });

  it('registers an OAuth app, authorizes it, exchanges the code, then revokes it and the token is refused', async () => {
    const redirectUri = 'http://127.0.0.1:9/e2e-callback';
    await page.goto(`${siteUrl}/settings/applications`);
    await page.getByRole('button', { name: 'New application' }).click();
    const dialog = page.getByRole('dialog', { name: 'New application' });
    await dialog.getByLabel('Name', { exact: true }).fill('Trail Companion');
    await dialog.getByLabel('Website', { exact: true }).fill('https://trail.example');
    await dialog.getByLabel('Description', { exact: true }).fill('Keeps your packs in sync.');
    await dialog.getByRole('checkbox', { name: 'Read your profile' }).check();
    await dialog.getByRole('checkbox', { name: 'Read your projects, including private ones' }).check();
    await dialog.getByLabel('Redirect URI 1', { exact: true }).fill(redirectUri);
    await screenshot(page, 'settings-applications-create');
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Create application' }).click();
    await page.getByText('“Trail Companion” is registered').waitFor();
    const [clientId, clientSecret] = (await page.getByRole('status').filter({ hasText: 'Trail Companion' }).getByRole('code').allTextContents()).map((text) => text.trim());
    expect(clientId).toMatch(/^[0-9A-Za-z]+$/);
    expect(clientSecret?.length).toBeGreaterThan(20);
    await screenshot(page, 'settings-applications-created');

    const authorize = new URLSearchParams({ client_id: clientId!, redirect_uri: redirectUri, scope: 'USER_READ PROJECT_READ', state: 'e2e-state', response_type: 'code' });
    await page.goto(`${siteUrl}/auth/authorize?${authorize.toString()}`);
    await page.getByRole('heading', { level: 1, name: 'Authorize Trail Companion' }).waitFor();
    await page.getByText(`by ${account.username} will be able to:`).waitFor();
    await page.getByText('Read your projects, including private ones').waitFor();
    await screenshot(page, 'auth-authorize');
    await expectNoSeriousViolations(page);

    let callback: URL | undefined;
    await page.route('http://127.0.0.1:9/**', async (route) => {
      callback = new URL(route.request().url());
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>App</title><p>Back in the app</p>' });
    });
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.getByText('Back in the app').waitFor();
    expect(callback?.searchParams.get('state')).toBe('e2e-state');
    const code = callback?.searchParams.get('code');
    expect(code).toBeTruthy();

    const exchange = await fetch(`${apiUrl}/v2/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: code!, redirect_uri: redirectUri, client_id: clientId!, client_secret: clientSecret! }),
    });
    expect(exchange.status).toBe(200);
    const { access_token: accessToken, scope } = (await exchange.json()) as { access_token: string; scope: string };
    expect(scope).toBe('USER_READ PROJECT_READ');
    expect((await userWith(accessToken)).status).toBe(200);

    await page.goto(`${siteUrl}/settings/authorizations`);
    const card = page.locator('li', { has: page.getByRole('heading', { level: 2, name: 'Trail Companion' }) });
    await card.getByText('Read your profile').waitFor();
    await screenshot(page, 'settings-authorizations');
    await expectNoSeriousViolations(page);
    await card.getByRole('button', { name: 'Revoke Trail Companion' }).click();
    await page.getByRole('dialog', { name: 'Revoke this app?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('You have not authorized any apps.').waitFor();
    expect((await userWith(accessToken)).status).toBe(401);
  });

  it('resets the password through the emailed link, then signs in with it and a backup code', async () => {
    await signOut(page);
    await page.goto(`${siteUrl}/auth/reset-password`);
    await page.getByLabel('Email or username', { exact: true }).fill(account.email);
    await page.getByRole('button', { name: 'Send recovery email' }).click();
    await page.getByRole('main').getByText('An email with instructions has been sent to you if the email was previously saved on your account.').waitFor();
    await screenshot(page, 'auth-reset-password-sent');
    await expectNoSeriousViolations(page);

    const link = await outbox.latestLink(account.email, 'reset_password');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await screenshot(page, 'auth-reset-password-new');
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password successfully reset.').waitFor();

    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await signInWithPassword(page, newPassword, backupCodes[0]!);
    await page.getByRole('button', { name: `Account menu for ${account.username}` }).waitFor();
  });

  it('revokes another session, which is then signed out', async () => {
    const other = await newPage();
    await other.goto(`${siteUrl}/auth/sign-in?redirect=%2Fsettings%2Fsessions`);
    await signInWithPassword(other, newPassword, backupCodes[1]!);
    await other.getByRole('heading', { level: 1, name: 'Sessions' }).waitFor();

    await page.goto(`${siteUrl}/settings/sessions`);
    await page.getByText('Current session').waitFor();
    const revoke = page.getByRole('button', { name: 'Revoke session' });
    expect(await revoke.count()).toBe(1);
    await screenshot(page, 'settings-sessions-two');
    await revoke.click();
    await page.getByRole('dialog', { name: 'Revoke this session?' }).getByRole('button', { name: 'Revoke session' }).click();
    await page.getByText('Session revoked').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Revoke session' }).count()).toBe(0);

    // The other browser is now a visitor: its guarded page sends it to sign in.
    await other.reload();
    await other.waitForURL(/\/auth\/sign-in\?redirect=%2Fsettings%2Fsessions$/);
    await other.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  });

  it('signs a launcher in: the page alone, and the session token handed to its loopback callback', async () => {
    let received: URL | undefined;
    const callbackServer: Server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      // The browser also asks this origin for /favicon.ico.
      if (url.pathname === '/callback') received = url;
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Launcher</title><p>Launcher connected</p>');
    });
    await new Promise<void>((done) => callbackServer.listen(0, '127.0.0.1', done));
    const { port } = callbackServer.address() as AddressInfo;
    try {
      const launcherPage = await newPage();
      await launcherPage.goto(`${siteUrl}/auth/sign-in?launcher=${encodeURIComponent(`http://127.0.0.1:${port}/callback?nonce=n1`)}`);
      await launcherPage.getByText('Sign in to connect your launcher to your Cairn account.').waitFor();
      expect(await launcherPage.getByRole('banner').count()).toBe(0);
      await screenshot(launcherPage, 'auth-launcher');
      await expectNoSeriousViolations(launcherPage);
      await signInWithPassword(launcherPage, newPassword, backupCodes[2]!);
      await launcherPage.getByText('Launcher connected').waitFor();
      expect(received?.pathname).toBe('/callback');
      expect(received?.searchParams.get('nonce')).toBe('n1');
      const token = received?.searchParams.get('code') ?? '';
      expect(token).toMatch(/^crs_/);
      const me = await userWith(token);
      expect(me.status).toBe(200);
      expect(((await me.json()) as { username: string }).username).toBe(account.username);
    } finally {
      await new Promise((done) => callbackServer.close(done));
    }
  });

  it('fits a 360 px screen and the dark theme', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, storageState: await page.context().storageState() });
    contexts.push(context);
    await context.addCookies([{ name: 'cairn-color-mode', value: 'dark', url: siteUrl }]);
    const small = await context.newPage();
    for (const [path, title, name] of [
      ['/settings/account', 'Account and security', 'mobile-settings-account'],
      ['/settings/pats', 'Personal access tokens', 'mobile-settings-pats'],
    ] as const) {
      await small.goto(`${siteUrl}${path}`);
      await small.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await screenshot(small, name);
      await expectNoSeriousViolations(small);
    }
    const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' })).newPage();
    contexts.push(visitor.context());
    await visitor.goto(`${siteUrl}/auth/sign-in`);
    await visitor.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(visitor, 'mobile-auth-sign-in');
    await expectNoSeriousViolations(visitor);
  });
});
