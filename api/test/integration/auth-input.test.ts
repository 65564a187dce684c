import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';

/** Every body field of the account routes, over its limit or of the wrong type: 400 naming it, never a 500. */
let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: 'http://site.test' } });
  actors = await createActors(ctx.database.db);
});
afterAll(() => ctx.close());

const long = (n: number) => 'a'.repeat(n);
const STRONG = 'quiet-lantern-harbour-47';
const signUp = { username: 'Valid_name', email: 'valid@mail.test', password: STRONG };

interface Case {
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET';
  url: string;
  session?: boolean;
  base: Record<string, unknown>;
  bad: Record<string, unknown[]>;
}

const CASES: Case[] = [
  {
    method: 'POST',
    url: '/v2/auth/create',
    base: signUp,
    bad: {
      username: [undefined, '', long(40), 'white space', 7, null],
      email: [undefined, 'nope', `${long(250)}@x.io`, 3],
      password: [undefined, 'short', long(257), 12345678],
      challenge: [42, long(8193)],
      sign_up_newsletter: ['yes'],
    },
  },
  { method: 'POST', url: '/v2/auth/create/validate', base: signUp, bad: { username: [long(40)], email: [false], password: [long(257)] } },
  {
    method: 'POST',
    url: '/v2/auth/login',
    base: { username: 'x', password: 'y' },
    bad: { username: [long(255), 5, ''], password: [undefined, long(257), 1, ''], challenge: [{}] },
  },
  { method: 'POST', url: '/v2/auth/login/2fa', base: { code: '123456', flow: 'f' }, bad: { code: [undefined, long(33), 123456], flow: [undefined, long(129), []] } },
  { method: 'POST', url: '/v2/auth/2fa', session: true, base: { code: '123456', flow: 'f' }, bad: { code: [undefined, long(33)], flow: [undefined, 9] } },
  { method: 'DELETE', url: '/v2/auth/2fa', session: true, base: { code: '123456' }, bad: { code: [undefined, long(33), true] } },
  { method: 'POST', url: '/v2/auth/password/reset', base: { username: 'x' }, bad: { username: [long(255), 3], email: [long(255)], challenge: [1] } },
  {
    method: 'PATCH',
    url: '/v2/auth/password',
    session: true,
    base: {},
    bad: { flow: [long(129), 3], old_password: [long(257), 4, ''], new_password: ['short', long(257), 5] },
  },
  { method: 'PATCH', url: '/v2/auth/email', session: true, base: { email: 'a@b.io' }, bad: { email: [undefined, 'not-an-email', `${long(250)}@x.io`, 1] } },
  { method: 'POST', url: '/v2/auth/email/verify', base: { flow: 'f' }, bad: { flow: [undefined, long(129), 1] } },
  { method: 'POST', url: '/v2/auth/provider', session: true, base: { provider: 'oidc', url: 'http://site.test/' }, bad: { provider: [undefined, long(65), 2], url: [undefined, long(2049), 3] } },
  { method: 'DELETE', url: '/v2/auth/provider', session: true, base: { provider: 'oidc' }, bad: { provider: [undefined, long(65), 2] } },
];

describe('bad input to the account routes', () => {
  for (const testCase of CASES) {
    it(`${testCase.method} ${testCase.url}`, async () => {
      for (const [field, values] of Object.entries(testCase.bad)) {
        for (const value of values) {
          const payload = { ...testCase.base, [field]: value };
          if (value === undefined) delete payload[field];
          const response = await ctx.app.inject({
            method: testCase.method,
            url: testCase.url,
            payload,
            headers: testCase.session ? { authorization: actors.user.session } : {},
            remoteAddress: `10.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.1`,
          });
          const label = `${field}=${JSON.stringify(value)?.slice(0, 30)}`;
          expect(response.statusCode, label).toBe(400);
          expect(response.json().error, label).toBe('invalid_input');
          expect(response.json().description, label).toContain(field);
        }
      }
    });
  }

  it('answers 400 for missing, non-JSON and non-object bodies', async () => {
    for (const payload of [undefined, '"text"', '[1]', '{broken']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/v2/auth/login',
        payload,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        remoteAddress: `10.9.${Math.floor(Math.random() * 255)}.1`,
      });
      expect(response.statusCode, String(payload)).toBe(400);
    }
  });

  it('answers 400 for bad query parameters of /auth/init and /auth/callback', async () => {
    for (const url of ['/v2/auth/init', `/v2/auth/init?provider=${long(65)}`, `/v2/auth/init?provider=github&url=${long(2049)}`, `/v2/auth/callback?state=${long(257)}`]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/auth/callback' })).json().error).toBe('invalid_flow');
  });
});
