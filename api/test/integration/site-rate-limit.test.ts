import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicRoute } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { PUBLIC_SITE_URL: 'http://site.test', RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_SITE_PER_MINUTE: '6', RATE_LIMIT_AUTHENTICATED_PER_MINUTE: '20', TRUST_PROXY_HOPS: '1' },
    beforeReady: (app) => {
      app.get('/v2/_test/public', { config: publicRoute }, async () => ({ ok: true }));
    },
  });
});
afterAll(() => ctx.close());

const RateLimitedSchema = z.strictObject({ error: z.literal('ratelimit_error'), description: z.string().min(1) });

async function statuses(count: number, headers: Record<string, string>) {
  const codes: number[] = [];
  for (let i = 0; i < count; i++) codes.push((await ctx.app.inject({ url: '/v2/_test/public', headers })).statusCode);
  return codes;
}

describe("the website's own rate-limit budget", () => {
  it("counts the site's calls apart from the same address's other calls, each with its own limit", async () => {
    const address = { 'x-forwarded-for': '198.51.100.7' };
    const site = { ...address, origin: 'http://site.test' };
    const first = await ctx.app.inject({ url: '/v2/_test/public', headers: site });
    expect(first.headers['x-ratelimit-limit']).toBe('6');
    // The site's budget runs out at 6 calls…
    expect(await statuses(6, site)).toEqual([200, 200, 200, 200, 200, 429]);
    // …while another program at the same address still has its whole public budget (3).
    expect(await statuses(4, address)).toEqual([200, 200, 200, 429]);
    const limited = await ctx.app.inject({ url: '/v2/_test/public', headers: site });
    expect(RateLimitedSchema.parse(limited.json()).description).toMatch(/retry after/i);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
  });

  it('recognises the site by Referer when the browser sends no Origin', async () => {
    const response = await ctx.app.inject({ url: '/v2/_test/public', headers: { 'x-forwarded-for': '198.51.100.8', referer: 'http://site.test/mod/lanternlight' } });
    expect(response.headers['x-ratelimit-limit']).toBe('6');
  });

  it('gives other origins, and malformed ones, the public budget', async () => {
    for (const headers of [{ origin: 'http://elsewhere.test' }, { origin: 'http://site.test.evil.test' }, { referer: 'not a url' }, { origin: 'null' }]) {
      const response = await ctx.app.inject({ url: '/v2/_test/public', headers: { 'x-forwarded-for': '198.51.100.9', ...headers } });
      expect(response.headers['x-ratelimit-limit'], JSON.stringify(headers)).toBe('3');
    }
  });

  it("keeps each address's site budget its own: a forged Origin never draws on another address's counter", async () => {
    const forged = { origin: 'http://site.test' };
    expect(await statuses(7, { ...forged, 'x-forwarded-for': '198.51.100.20' })).toEqual([200, 200, 200, 200, 200, 200, 429]);
    const other = await ctx.app.inject({ url: '/v2/_test/public', headers: { ...forged, 'x-forwarded-for': '198.51.100.21' } });
    expect(other.statusCode).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('5');
  });
});
