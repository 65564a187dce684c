import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { startMetricsListener, type MetricsListener } from '../../src/observability/metrics-listener.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';

const TOKEN = 'metrics-test-token-0123456789';
const BYPASS = 'metrics-test-bypass-key-0123456789';

let ctx: TestContext;
// Ordinary traffic skips the rate limit; `limited` comes from an address of its own with a quota of 3.
const call = testClient(() => ctx.app, { headers: { 'x-ratelimit-key': BYPASS } });
const limited = testClient(() => ctx.app, { remoteAddress: () => '203.0.113.7' });
let listener: MetricsListener;

/** The value of the sample `name{labels}` in a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const labelText = line.slice(name.length).match(/^\{(.*)\}/)?.[1] ?? '';
    const present = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const scrape = async () => {
  const response = await call('GET', '/metrics', `Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return response.body;
};

beforeAll(async () => {
  ctx = await createTestContext({ jobs: true, env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_BYPASS_KEY: BYPASS, RATE_LIMIT_PER_MINUTE: '3' } });
  listener = await startMetricsListener({ host: '127.0.0.1', port: 0, token: undefined });
});

afterAll(async () => {
  await listener?.close();
  await ctx?.close();
});

describe('GET /metrics on the API port', () => {
  it('refuses a request without the token or with another one', async () => {
    for (const credential of [undefined, 'Bearer not-the-metrics-token', TOKEN]) {
      const response = await call('GET', '/metrics', credential);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('is not served on the public port when no token is configured', async () => {
    const app = await buildApp(
      { config: { ...ctx.config, metrics: { token: undefined, listener: undefined } }, database: ctx.database, search: ctx.search, files: ctx.files, payments: undefined },
      { logger: false },
    );
    try {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'not_found' });
    } finally {
      await app.close();
    }
  });

  it('is left out of the OpenAPI document', async () => {
    const document = (await call('GET', '/v2/openapi.json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });

  it('reports every series after some traffic, with route templates as labels', async () => {
    // The registry belongs to the process, shared by every app this file builds: compare with before.
    const before = await scrape();
    const added = (text: string, name: string, labels: Record<string, string>) => (sample(text, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect((await call('GET', '/v2/tag/category')).statusCode).toBe(200);
    expect((await call('GET', '/v2/project/no-such-project-here')).statusCode).toBe(404);
    expect((await call('GET', '/v2/project/another-missing-one')).statusCode).toBe(404);
    expect((await call('GET', '/no/such/route/at/all')).statusCode).toBe(404);
    const search = await call('GET', '/v2/search?query=stone');
    expect([200, 503]).toContain(search.statusCode);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited('GET', '/v2/tag/loader')).statusCode);
    expect(statuses).toContain(429);
    // A job run by the worker: its outcome is counted by the job runner.
    const id = await ctx.jobs!.send('sessions.cleanup', {});
    await eventually(async () => ((await ctx.jobs!.boss.getJobById('sessions.cleanup', id!))?.state === 'completed' ? true : undefined), 30_000, 'sessions.cleanup to complete');

    const text = await scrape();
    // HTTP: counted by route template (two missing projects, one series), unmatched URLs as one value.
    expect(added(text, 'cairn_http_requests_total', { method: 'GET', route: '/v2/tag/category', status_code: '200' })).toBe(1);
    expect(added(text, 'cairn_http_requests_total', { method: 'GET', route: '/v2/project/:id', status_code: '404' })).toBe(2);
    expect(added(text, 'cairn_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(added(text, 'cairn_http_requests_total', { route: '/v2/tag/loader', status_code: '429' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toMatch(/route="\/no\/such/);
    expect(text).not.toMatch(/route="\/v2\/project\/no-such/);
    expect(text).not.toMatch(/route="\/metrics"/);
    expect(added(text, 'cairn_http_request_duration_seconds_count', { route: '/v2/tag/category' })).toBe(1);
    expect(added(text, 'cairn_http_request_duration_seconds_bucket', { route: '/v2/tag/category', le: '+Inf' })).toBe(1);
    // Dependencies.
    expect(sample(text, 'cairn_db_query_duration_seconds_count', { pool: 'cairn-api' })).toBeGreaterThan(0);
    expect(sample(text, 'cairn_db_queries_in_flight', { pool: 'cairn-api' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cairn_search_request_duration_seconds_count', { operation: 'multi_search' })).toBeGreaterThanOrEqual(1);
    // Caches, rate limit, jobs, game servers.
    expect(added(text, 'cairn_cache_lookups_total', { cache: 'project', result: 'miss' })).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'cairn_cache_lookups_total', { cache: 'project', result: 'hit' })).toBeGreaterThanOrEqual(0);
    expect(added(text, 'cairn_rate_limit_refusals_total', { bucket: 'ip' })).toBeGreaterThanOrEqual(1);
    expect(added(text, 'cairn_jobs_total', { job: 'sessions.cleanup', outcome: 'completed' })).toBeGreaterThanOrEqual(1);
    expect(added(text, 'cairn_search_request_duration_seconds_count', { operation: 'multi_search' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'cairn_job_queue_depth', { queue: 'sessions.cleanup' })).toBeGreaterThanOrEqual(0);
    for (const status of ['unprovisioned', 'installing', 'available', 'suspended']) {
      expect(sample(text, 'cairn_game_servers', { status })).toBe(0);
    }
    // Node's default process metrics.
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('is never rate limited, even for a caller past its quota', async () => {
    const limitedScrape = testClient(() => ctx.app, { remoteAddress: () => '203.0.113.7' });
    for (let i = 0; i < 5; i++) expect((await limitedScrape('GET', '/metrics', `Bearer ${TOKEN}`)).statusCode).toBe(200);
  });
});

describe('the private metrics listener (METRICS_PORT)', () => {
  it('answers GET /metrics with the same registry, and nothing else', async () => {
    const response = await fetch(`${listener.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain('# TYPE cairn_http_requests_total counter');
    expect(text).toContain('# TYPE cairn_job_queue_depth gauge');
    const other = await fetch(`${listener.url}/v2/tag/category`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: 'not_found' });
    expect((await fetch(`${listener.url}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('requires the token when one is configured', async () => {
    const guarded = await startMetricsListener({ host: '127.0.0.1', port: 0, token: TOKEN });
    try {
      expect((await fetch(`${guarded.url}/metrics`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
      expect((await fetch(`${guarded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('request logs', () => {
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp(
      { config: ctx.config, database: ctx.database, search: ctx.search, files: ctx.files, payments: undefined },
      { loggerInstance: pino({ level: 'info' }, sink) },
    );
  });

  afterAll(async () => app?.close());

  it('writes one JSON line per request carrying the request id the client received, the route template and the status', async () => {
    const response = await app.inject({ method: 'GET', url: '/v2/project/not-a-project-anywhere', headers: { 'x-request-id': 'client-chosen-id' } });
    expect(response.statusCode).toBe(404);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = lines.filter((line) => line.reqId === requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request completed', method: 'GET', route: '/v2/project/:id', statusCode: 404, level: 30 });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(lines.some((line) => line.reqId === 'client-chosen-id')).toBe(false);
  });
});
