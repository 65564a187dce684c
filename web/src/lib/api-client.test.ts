import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildErrorBody } from '../testing/mocks/factories';
import { server } from '../testing/mocks/server';
import { apiFetch, apiRequest, HttpError, NetworkError, ResponseShapeError } from './api-client';

const ProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  downloads: z.number().int(),
});

describe('apiFetch', () => {
  it('parses a successful body with the schema and sends credentials', async () => {
    let seen: { credentials: RequestCredentials; accept: string | null; query: string } | undefined;
    server.use(
      http.get('*/v2/project/:id', ({ request, params }) => {
        seen = {
          credentials: request.credentials,
          accept: request.headers.get('accept'),
          query: new URL(request.url).search,
        };
        return HttpResponse.json({ id: params.id, title: 'Sky Bridges', downloads: 1200, extra: 'dropped' });
      }),
    );

    const project = await apiFetch('/v2/project/AbC123', {
      schema: ProjectSchema,
      query: { include: ['members', 'versions'], draft: false, skipped: undefined },
    });

    expect(project).toEqual({ id: 'AbC123', title: 'Sky Bridges', downloads: 1200 });
    expect(seen).toEqual({
      credentials: 'include',
      accept: 'application/json',
      query: '?include=members&include=versions&draft=false',
    });
  });

  it('sends plain bodies as JSON', async () => {
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      http.post('*/v2/report', async ({ request }) => {
        contentType = request.headers.get('content-type');
        received = await request.json();
        return HttpResponse.json({ id: 'r1', title: 'ok', downloads: 0 });
      }),
    );

    await apiFetch('/v2/report', { schema: ProjectSchema, method: 'POST', body: { reason: 'spam' } });

    expect(contentType).toBe('application/json');
    expect(received).toEqual({ reason: 'spam' });
  });

  it('throws HttpError with the code and description of an API error body', async () => {
    server.use(
      http.get('*/v2/project/:id', () =>
        HttpResponse.json(buildErrorBody({ error: 'not_found', description: 'The project Sky Bridges was not found' }), {
          status: 404,
        }),
      ),
    );

    const error = await apiFetch('/v2/project/missing', { schema: ProjectSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      description: 'The project Sky Bridges was not found',
      method: 'GET',
      path: '/v2/project/missing',
    });
    expect((error as HttpError).isClientError).toBe(true);
  });

  it('falls back to the status text when the error body is not JSON', async () => {
    server.use(
      http.get('*/v2/project/:id', () =>
        HttpResponse.text('<html><body>upstream down</body></html>', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );

    const error = await apiFetch('/v2/project/x', { schema: ProjectSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 502, code: undefined, description: 'Bad Gateway' });
  });

  it('throws ResponseShapeError naming the path when the body breaks the schema', async () => {
    server.use(http.get('*/v2/project/:id', () => HttpResponse.json({ id: 'AbC123', title: 42, downloads: 3 })));

    const error = await apiFetch('/v2/project/AbC123', { schema: ProjectSchema }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as ResponseShapeError).path).toBe('/v2/project/AbC123');
    expect((error as Error).message).toContain('GET /v2/project/AbC123');
    expect((error as Error).message).toContain('title');
  });

  it('throws ResponseShapeError when a successful body is not JSON', async () => {
    server.use(http.get('*/v2/project/:id', () => HttpResponse.text('<!doctype html><title>SPA</title>')));

    await expect(apiFetch('/v2/project/AbC123', { schema: ProjectSchema })).rejects.toThrow(
      new ResponseShapeError('GET', '/v2/project/AbC123', 'body is not valid JSON'),
    );
  });

  it('throws NetworkError when the request gets no answer', async () => {
    server.use(http.get('*/v2/project/:id', () => HttpResponse.error()));

    await expect(apiFetch('/v2/project/AbC123', { schema: ProjectSchema })).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('apiRequest', () => {
  it('talks to another Cairn service with a bearer token and no cookies, and reads its errors the same way', async () => {
    let seen: { credentials: RequestCredentials; authorization: string | null; query: string } | undefined;
    server.use(
      http.get('http://node.test/files/contents', ({ request }) => {
        seen = { credentials: request.credentials, authorization: request.headers.get('authorization'), query: new URL(request.url).search };
        return HttpResponse.text('motd=Hello');
      }),
      http.post('http://node.test/files/mkdir', () => HttpResponse.json(buildErrorBody({ error: 'already_exists', description: 'A file or folder with that name exists' }), { status: 409 })),
    );
    const options = { baseUrl: 'http://node.test/files', credentials: 'omit' as const, headers: { Authorization: 'Bearer node-token' } };

    const response = await apiRequest('/contents', { ...options, query: { path: 'server.properties' } });

    expect(await response.text()).toBe('motd=Hello');
    expect(seen).toEqual({ credentials: 'omit', authorization: 'Bearer node-token', query: '?path=server.properties' });
    await expect(apiRequest('/mkdir', { ...options, method: 'POST', body: { path: 'world' } })).rejects.toMatchObject({
      status: 409,
      code: 'already_exists',
      description: 'A file or folder with that name exists',
      path: '/mkdir',
    });
  });
});

describe('retryAfterSeconds', () => {
  it('reads Retry-After in seconds or as a date, else X-Ratelimit-Reset', async () => {
    const { retryAfterSeconds } = await import('./api-client');
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds(new Headers({ 'retry-after': '42' }), now)).toBe(42);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ 'x-ratelimit-reset': '17' }), now)).toBe(17);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });
});
