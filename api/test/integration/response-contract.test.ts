import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicRoute } from '../../src/plugins/auth.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createResponseValidator, type OpenApiDocument } from '../contract/openapi-response-validator.js';

// A small document in the reference contract's dialect (OpenAPI 3.0: `nullable`, server path, `{a|b}` parameters).
const legacyDocument: OpenApiDocument = {
  openapi: '3.0.0',
  servers: [{ url: 'https://api.example.test/v2' }],
  components: {
    parameters: { Fields: { name: 'fields', in: 'query', schema: { type: 'string' } } },
    schemas: {
      Kind: { type: 'string', enum: ['plain', 'fancy'] },
      Person: {
        type: 'object',
        required: ['name', 'bio'],
        properties: {
          name: { type: 'string' },
          bio: { type: 'string' },
          avatar: { type: 'string', nullable: true, format: 'uri' },
          role: { type: 'string', enum: ['admin', 'user'], nullable: true },
          joined: { type: 'string', format: 'ISO-8601' },
          kind: { allOf: [{ $ref: '#/components/schemas/Kind' }, { nullable: true, description: 'the 3.0 way of a nullable reference' }] },
        },
      },
    },
  },
  paths: {
    '/person/{id|slug}': {
      get: {
        parameters: [{ $ref: '#/components/parameters/Fields' }],
        responses: {
          '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Person' } } } },
          '4XX': { content: { 'application/json': { schema: { type: 'object', required: ['error'] } } } },
        },
      },
    },
  },
};

describe('the OpenAPI response validator', () => {
  const validator = createResponseValidator('sample', legacyDocument);

  it('matches routes by template with the server path in front and parameter names ignored', () => {
    expect([...validator.operations]).toEqual(['GET /v2/person/{}']);
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: '' }).kind).toBe('valid');
    expect(validator.check('GET', '/person/:id', 200, {}).kind).toBe('not_described');
    expect(validator.check('POST', '/v2/person/:id', 200, {}).kind).toBe('not_described');
    expect(validator.check('GET', '/v2/person/:id', 500, {}).kind).toBe('not_described');
    // A declared query parameter is still the described operation; an undeclared one (our extension) is not.
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: '' }, ['fields']).kind).toBe('valid');
    expect(validator.check('GET', '/v2/person/:id', 200, [], ['multiple']).kind).toBe('not_described');
  });

  it('honours nullable: true and refuses null where it is absent', () => {
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', avatar: null, role: null }).kind).toBe('valid');
    const result = validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: null });
    expect(result).toMatchObject({ kind: 'invalid', message: expect.stringContaining('body/bio must be string') });
  });

  it('checks formats and enums, and status ranges', () => {
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', avatar: 'not a url' }).kind).toBe('invalid');
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', role: 'owner' }).kind).toBe('invalid');
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', kind: null }).kind).toBe('valid');
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', kind: 'plain' }).kind).toBe('valid');
    expect(validator.check('GET', '/v2/person/:id', 200, { name: 'a', bio: 'b', kind: 'odd' }).kind).toBe('invalid');
    expect(validator.check('GET', '/v2/person/:id', 404, { description: 'x' }).kind).toBe('invalid');
  });
});

describe('every response checked against the published OpenAPI document', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext({
      beforeReady: (app) => {
        // A route that bypasses its serializer and so can drift from what it publishes.
        app.get(
          '/v2/_test/drift/:id',
          { config: publicRoute, schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ name: z.string(), bio: z.string() }) } } },
          async (request, reply) => {
            const body = (request.params as { id: string }).id === 'good' ? { name: 'a', bio: '' } : { name: 'a', bio: null };
            return reply.type('application/json').send(JSON.stringify(body));
          },
        );
      },
    });
  });
  afterAll(() => ctx.close());

  it('lets a response that matches its declared schema through', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/v2/_test/drift/good' });
    expect(response.statusCode).toBe(200);
  });

  it('fails the request that produced a drifting response, naming method, path, status and field', async () => {
    await expect(ctx.app.inject({ method: 'GET', url: '/v2/_test/drift/bad' })).rejects.toThrow(
      /GET \/v2\/_test\/drift\/bad \(\/v2\/_test\/drift\/:id\) → 200 breaks the published OpenAPI: body\/bio must be string/,
    );
  });

  it('checks real routes, errors included', async () => {
    const tags = await ctx.app.inject({ method: 'GET', url: '/v2/tag/category' });
    expect(tags.statusCode).toBe(200);
    const missing = await ctx.app.inject({ method: 'GET', url: '/v2/user/nobody-here' });
    expect(missing.statusCode).toBe(404);
  });

  it('describes the read-only /v3 routes, so their answers are checked too (v3-routes.test.ts exercises them)', async () => {
    const published = createResponseValidator('published OpenAPI', ctx.app.swagger() as unknown as OpenApiDocument);
    expect([...published.operations].filter((operation) => operation.includes(' /v3/')).sort()).toEqual([
      'GET /v3/collection/{}',
      'GET /v3/collections',
      'GET /v3/organization/{}',
      'GET /v3/organization/{}/projects',
      'GET /v3/organizations',
      'GET /v3/project/{}',
      'GET /v3/user/{}/collections',
      'GET /v3/version/{}',
    ]);
    expect(published.check('GET', '/v3/project/:id', 200, { id: 'AAAAAAAA' }).kind).toBe('invalid');
    const missing = await ctx.app.inject({ method: 'GET', url: '/v3/project/nothing-here' });
    expect(missing.statusCode).toBe(404);
  });
});
