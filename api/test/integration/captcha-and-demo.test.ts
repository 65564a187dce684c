import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { seedDemoAccounts, workingDemoAccounts } from '../../src/db/seed/demo-accounts.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { countUsers } from '../../src/modules/users/users.repository.js';
import { GHOST_USER_ID } from '../../src/modules/users/ghost.js';

/** A siteverify endpoint (the hCaptcha/Turnstile protocol) on loopback that accepts the response "human". */
let verifier: Server;
const verifications: URLSearchParams[] = [];
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  verifier = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      verifications.push(form);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: form.get('secret') === 'captcha-secret-value' && form.get('response') === 'human' }));
    });
  });
  await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
  const port = (verifier.address() as { port: number }).port;
  ctx = await createTestContext({
    env: {
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SECRET: 'captcha-secret-value',
      CAPTCHA_SITE_KEY: 'public-site-key',
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    },
  });
  dataDir = await mkdtemp(join(tmpdir(), 'cairn-demo-'));
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => verifier.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

const STRONG = 'quiet-lantern-harbour-47';
let address = 0;
/** Each request comes from an address of its own. */
const call = testClient(() => ctx.app, { remoteAddress: () => `192.0.2.${++address}` });
const post = (url: string, payload: object) => call('POST', url, undefined, payload);

describe('captcha', () => {
  it('tells the website which captcha to show', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/auth/captcha' })).json()).toEqual({ provider: 'hcaptcha', site_key: 'public-site-key' });
  });

  it('is checked on sign-up, sign-in and password reset when configured', async () => {
    const account = { username: 'Captcha_user', email: 'captcha@mail.test', password: STRONG };
    for (const challenge of [undefined, 'robot']) {
      const response = await post('/v2/auth/create', { ...account, challenge });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('invalid_captcha');
    }
    expect((await post('/v2/auth/create', { ...account, challenge: 'human' })).statusCode).toBe(200);
    expect(verifications.at(-1)!.get('remoteip')).toBe(`192.0.2.${address}`);

    expect((await post('/v2/auth/login', { username: 'Captcha_user', password: STRONG, challenge: 'robot' })).json().error).toBe('invalid_captcha');
    expect((await post('/v2/auth/login', { username: 'Captcha_user', password: STRONG, challenge: 'human' })).statusCode).toBe(200);
    expect((await post('/v2/auth/password/reset', { username: 'Captcha_user' })).json().error).toBe('invalid_captcha');
    expect((await post('/v2/auth/password/reset', { username: 'Captcha_user', challenge: 'human' })).statusCode).toBe(200);
    // Checking a form without creating anything needs no captcha.
    expect((await post('/v2/auth/create/validate', { ...account, username: 'Another_one', email: 'another@mail.test' })).statusCode).toBe(204);
  });
});

describe('demo accounts', () => {
  it('are seeded once into an empty database, with passwords kept in the data folder', async () => {
    const db = ctx.database.db;
    // A fresh database: nobody but the Ghost placeholder (created by a migration).
    await db.execute(`delete from users where id <> ${GHOST_USER_ID}`);
    await seedDemoAccounts(db, dataDir, silentLogger);
    expect(await countUsers(db)).toBe(3);
    expect(((await stat(join(dataDir, 'demo-accounts.json'))).mode & 0o777).toString(8)).toBe('600');
    const accounts = await workingDemoAccounts(db, dataDir);
    expect(accounts.map((a) => [a.username, a.role])).toEqual([
      ['demo', 'developer'],
      ['demo-moderator', 'moderator'],
      ['demo-admin', 'admin'],
    ]);
    const admin = accounts.find((a) => a.role === 'admin')!;
    const login = await post('/v2/auth/login', { username: admin.username, password: admin.password, challenge: 'human' });
    expect(login.statusCode).toBe(200);
    const me = (await ctx.app.inject({ method: 'GET', url: '/v2/user', headers: { authorization: login.json().session } })).json();
    expect(me).toMatchObject({ username: 'demo-admin', role: 'admin', email_verified: true });

    // Not again once there are users; and a changed password is no longer advertised.
    await seedDemoAccounts(db, dataDir, silentLogger);
    expect(await countUsers(db)).toBe(3);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/v2/auth/password',
      headers: { authorization: login.json().session },
      payload: { old_password: admin.password, new_password: 'velvet-orbit-canyon-93' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await workingDemoAccounts(db, dataDir)).map((a) => a.username)).toEqual(['demo', 'demo-moderator']);
  });
});
