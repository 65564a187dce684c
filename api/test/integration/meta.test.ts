import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_SITE_URL: 'http://cairn.test:3000' } });
});
afterAll(() => ctx.close());

describe('API description and health', () => {
  it('describes itself at / and /v2/', async () => {
    for (const url of ['/', '/v2/', '/v2']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ name: 'cairn-api', version: expect.any(String), documentation: expect.stringMatching(/\/v2\/docs$/) });
      expect(response.json().about).toEqual(expect.any(String));
    }
  });

  it('reports database and search status', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { status: 'ok' }, search: { status: 'ok' } });
  });

  it('publishes an OpenAPI document generated from the routes, and a browsable reference', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/v2/tag/loader'].get.operationId).toBe('loaderList');
    expect(document.paths['/v2/tag/game_version'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['type', 'major']);
    const docs = await ctx.app.inject({ method: 'GET', url: '/v2/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });
});

describe('CORS and security headers', () => {
  it('lets any origin call the public API without credentials', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/tag/loader', headers: { origin: 'https://launcher.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows credentialed requests only from the website origin', async () => {
    const response = await ctx.app.inject({
      method: 'OPTIONS',
      url: '/v2/tag/loader',
      headers: { origin: 'http://cairn.test:3000', 'access-control-request-method': 'PATCH' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://cairn.test:3000');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-max-age']).toBe('3600');
  });

  it('sends security headers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });
});
