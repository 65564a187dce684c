import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../../src/lib/errors.js';
import { publicRoute } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    env: { BODY_LIMIT_BYTES: '2048' },
    beforeReady: (app) => {
      // Routes that exist only in this test, to reach each branch of the error handler.
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post(
        '/v2/_test/echo',
        { config: publicRoute, schema: { body: z.object({ title: z.string().min(3).max(64), count: z.number().int().optional() }) } },
        async (request) => request.body,
      );
      typed.get('/v2/_test/boom', { config: publicRoute }, async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      typed.get('/v2/_test/rule', { config: publicRoute }, async () => {
        throw badRequest('Slug is already taken');
      });
    },
  });
});
afterAll(() => ctx.close());

describe('error responses', () => {
  it('answers unknown routes with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/no/such/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', description: 'The requested route does not exist' });
  });

  it('rejects malformed JSON with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/_test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": "abc",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', description: 'The request body is not valid JSON' });
  });

  it('names the failing field on validation errors', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/v2/_test/echo', payload: { title: 'ab', count: 1.5 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe('invalid_input');
    expect(body.description).toContain("body 'title'");
    expect(body.description).toContain("body 'count'");
  });

  it('names the failing query parameter', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/tag/game_version?type=ancient' });
    expect(response.statusCode).toBe(400);
    expect(response.json().description).toContain("query parameter 'type'");
  });

  it('answers payload too large with 413', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/v2/_test/echo', payload: { title: 'x'.repeat(5000) } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', description: 'The request body is too large' });
  });

  it('rejects unsupported content types with 415', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/v2/_test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'title=abc',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('unsupported_media_type');
  });

  it('passes business-rule errors through with their code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/_test/rule' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_input', description: 'Slug is already taken' });
  });

  it('hides unexpected errors behind a fixed message and a request id', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/_test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'internal_error', description: 'An internal error occurred. Please try again later.' });
    expect(response.body).not.toContain('secret');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives every response a request id and never trusts the client one', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/', headers: { 'x-request-id': 'spoofed' } });
    expect(response.headers['x-request-id']).not.toBe('spoofed');
  });
});
