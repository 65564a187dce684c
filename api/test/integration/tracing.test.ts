import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTracing, type TracingHandle } from '../../src/observability/tracing.js';
import { ensureIndex, liveIndexUid } from '../../src/modules/search/index-settings.js';
import { startJobRunner, type JobRunner } from '../../src/lib/jobs/job-runner.js';
import type { JobDefinition } from '../../src/lib/jobs/job-types.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { users } from '../../src/db/schema/users.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { untilJobCompleted } from '../helpers/jobs.js';
import { insertUserWithTokens } from '../factories/users.js';
import { startTraceReceiver, type ReceivedSpan, type TraceReceiver } from '../helpers/tracing-receiver.js';

/**
 * OpenTelemetry tracing (docs/operations.md, "Tracing") against a real OTLP/HTTP receiver: spans
 * of a request and its database and search calls, one trace, parents right, an incoming
 * `traceparent` continued; and, in child processes, tracing off (no OpenTelemetry SDK module loaded,
 * nothing exported) unless the OTEL_* variables turn it on.
 */
let receiver: TraceReceiver;
let tracing: TracingHandle | undefined;
let ctx: TestContext;
let pat: string;
let jobs: JobRunner;
const warnings: string[] = [];
const call = testClient(() => ctx.app);

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** A job of this test's own: one query, so its span has a child. */
const PROBE_JOB = 'tracing.probe';
const probeJob: JobDefinition<TestContext> = {
  name: PROBE_JOB,
  async handle(deps) {
    await deps.database.db.select({ id: users.id }).from(users).limit(1);
  },
};

beforeAll(async () => {
  receiver = await startTraceReceiver();
  // The same path as `npm start`: the environment through loadConfig, then startTracing.
  const config = loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' });
  tracing = await startTracing(config.tracing, 'cairn-api', (message) => warnings.push(message));
  ctx = await createTestContext({
    // A route that enqueues the probe job, as a service does inside a request.
    beforeReady: (app) => {
      app.post('/test/enqueue-probe', async (_request, reply) => reply.send({ id: await jobs.send(PROBE_JOB, { purpose: 'probe' }) }));
    },
  });
  jobs = await startJobRunner({ databaseUrl: ctx.config.database.url!, jobs: [probeJob], deps: ctx, work: true, log: silentLogger });
  await ensureIndex(ctx.search, liveIndexUid(ctx.config.search.indexPrefix));
  pat = (await insertUserWithTokens(ctx.database.db, { username: 'tracer' })).pat;
});
afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
  await tracing?.shutdown();
  await receiver?.close();
});

/** Every span of the trace the request with this x-request-id started, once the server span arrived. */
async function traceOf(requestId: string): Promise<{ server: ReceivedSpan; spans: ReceivedSpan[] }> {
  await tracing!.flush();
  const server = receiver.spans.find((s) => (s.attributes['http.response.header.x-request-id'] as string[] | undefined)?.[0] === requestId);
  if (!server) throw new Error(`no server span for request ${requestId}; received: ${receiver.spans.map((s) => s.name).join(', ')}`);
  return { server, spans: receiver.spans.filter((s) => s.traceId === server.traceId) };
}

describe('tracing on (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('exports a server span per request with database and search spans as its children', async () => {
    const response = await call('GET', '/v2/search?query=anything', pat);
    expect(response.statusCode, response.body).toBe(200);
    const { server, spans } = await traceOf(String(response.headers['x-request-id']));

    expect(server).toMatchObject({
      service: 'cairn-api',
      name: 'GET /v2/search',
      kind: SERVER,
      parentSpanId: undefined,
      attributes: { 'http.request.method': 'GET', 'http.route': '/v2/search', 'http.response.status_code': 200, 'url.path': '/v2/search' },
    });
    // The token was looked up in PostgreSQL; the query's values never appear.
    const queries = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) {
      expect(query).toMatchObject({ kind: CLIENT, parentSpanId: server.spanId, attributes: { 'db.system': 'postgresql' } });
      expect(JSON.stringify(query.attributes)).not.toContain(pat);
    }
    expect(queries.map((q) => q.name)).toContain('SELECT personal_access_tokens');
    expect(queries.find((q) => q.name === 'SELECT personal_access_tokens')!.attributes).toMatchObject({ 'db.operation.name': 'SELECT', 'db.collection.name': 'personal_access_tokens' });

    const searches = spans.filter((s) => s.attributes['db.system.name'] === 'meilisearch');
    expect(searches).toEqual([
      expect.objectContaining({
        name: `multi-search ${liveIndexUid(ctx.config.search.indexPrefix)}`,
        kind: CLIENT,
        parentSpanId: server.spanId,
        attributes: expect.objectContaining({ 'db.operation.name': 'multi-search', 'http.response.status_code': 200 }),
      }),
    ]);
    expect(warnings).toEqual([]);
  });

  it('keeps the queries a handler makes after reading a request body in the request trace', async () => {
    // Over a real socket: the body arrives on the connection's events, outside the request's hooks.
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/v2/user/tracer`, {
      method: 'PATCH',
      headers: { authorization: pat, 'content-type': 'application/json' },
      body: JSON.stringify({ bio: 'Follows every trace.' }),
    });
    expect(response.status, await response.text()).toBe(204);
    const { server, spans } = await traceOf(response.headers.get('x-request-id')!);
    expect(server.name).toBe('PATCH /v2/user/:id');
    const update = spans.find((s) => s.name === 'UPDATE users');
    expect(update, spans.map((s) => s.name).join(', ')).toMatchObject({ parentSpanId: server.spanId });
    expect(JSON.stringify(update!.attributes)).not.toContain('Follows every trace');
  });

  it('runs a job in a span of its own, linked to the request that enqueued it', async () => {
    const response = await call('POST', '/test/enqueue-probe');
    expect(response.statusCode, response.body).toBe(200);
    const { id } = response.json<{ id: string }>();
    await untilJobCompleted(jobs, PROBE_JOB, id);
    const { server } = await traceOf(String(response.headers['x-request-id']));

    const job = receiver.spans.find((s) => s.name === `process ${PROBE_JOB}`);
    expect(job).toMatchObject({
      kind: CONSUMER,
      parentSpanId: undefined,
      links: [expect.objectContaining({ traceId: server.traceId, spanId: server.spanId })],
      attributes: expect.objectContaining({ 'messaging.destination.name': PROBE_JOB, 'messaging.message.id': id }),
    });
    expect(job!.traceId).not.toBe(server.traceId);
    const query = receiver.spans.find((s) => s.traceId === job!.traceId && s.name === 'SELECT users');
    expect(query).toMatchObject({ parentSpanId: job!.spanId });
  });

  it('continues the trace of an incoming traceparent', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const parentId = '00f067aa0ba902b7';
    const response = await call('GET', '/v2/tag/category', { traceparent: `00-${traceId}-${parentId}-01` });
    expect(response.statusCode, response.body).toBe(200);
    const { server } = await traceOf(String(response.headers['x-request-id']));
    expect(server).toMatchObject({ traceId, parentSpanId: parentId, name: 'GET /v2/tag/category' });
  });

  it('marks a request no route matched with its method only, and a client error as no failure', async () => {
    const response = await call('GET', '/v2/no-such-route');
    expect(response.statusCode).toBe(404);
    const { server } = await traceOf(String(response.headers['x-request-id']));
    expect(server.name).toBe('GET');
    expect(server.attributes['http.response.status_code']).toBe(404);
    expect(server.attributes['http.route']).toBeUndefined();
    expect(server.status.code ?? 0).not.toBe(2);
  });
});

const probe = fileURLToPath(new URL('../helpers/tracing-probe.ts', import.meta.url));
const apiDir = fileURLToPath(new URL('../../', import.meta.url));

interface ProbeResult {
  on: boolean;
  /** OpenTelemetry modules other than @opentelemetry/api (which the metrics library loads anyway). */
  sdkModules: number;
}

/** Runs the probe (loads the API, starts tracing from `env`, answers one traced request) in a process of its own. */
function runProbe(env: Record<string, string>): Promise<ProbeResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', probe], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('{"on"'));
      if (code !== 0 || !line) reject(new Error(`probe exited with ${code}: ${stderr}`));
      else resolve(JSON.parse(line) as ProbeResult);
    });
  });
}

describe('tracing off unless the variables say so', () => {
  it('loads no OpenTelemetry SDK module and exports nothing without an exporter, or when the SDK is disabled', async () => {
    const before = receiver.spans.length;
    const [unset, disabled, on] = await Promise.all([
      runProbe({ OTEL_SERVICE_NAME: 'cairn-probe', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }),
      runProbe({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'cairn-probe' }),
      runProbe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'cairn-probe-on' }),
    ]);
    expect(unset).toEqual({ on: false, sdkModules: 0 });
    expect(disabled).toEqual({ on: false, sdkModules: 0 });
    // The control: the same probe with tracing on loads the SDK and delivers its request's span.
    expect(on.on).toBe(true);
    expect(on.sdkModules).toBeGreaterThan(0);
    const probes = receiver.spans.slice(before);
    expect(probes.map((s) => `${s.service} ${s.name}`)).toEqual(['cairn-probe-on GET /probe/:id']);
  }, 180_000);
});
