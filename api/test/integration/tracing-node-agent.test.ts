import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTracing, type TracingHandle } from '../../src/observability/tracing.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, type Actors } from '../factories/users.js';
import { AGENT_TOKEN, eventually, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { startTraceReceiver, type TraceReceiver } from '../helpers/tracing-receiver.js';

/**
 * A trace across processes (docs/operations.md, "Tracing"): the API's call to a real node agent
 * carries `traceparent`, and the agent's server span is the child of the API's client span.
 */
let receiver: TraceReceiver;
let tracing: TracingHandle | undefined;
let agent: TestAgent;
let ctx: TestContext;
let actors: Actors;
const call = testClient(() => ctx.app);

const SERVER = 2;
const CLIENT = 3;

beforeAll(async () => {
  receiver = await startTraceReceiver();
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' };
  agent = await startTestAgent({ env: { ...otel, OTEL_BSP_SCHEDULE_DELAY: '100' } });
  tracing = await startTracing(loadConfig(otel).tracing, 'cairn-api', () => {});
  ctx = await createTestContext({ env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN } });
  actors = await createActors(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
  await tracing?.shutdown();
  await receiver?.close();
});

it("makes the agent's server span a child of the API's call to it", async () => {
  // Listing nodes asks every node how it is (GET /api/node).
  const response = await call('GET', '/v2/servers/nodes', actors.admin.session);
  expect(response.statusCode, response.body).toBe(200);
  await tracing!.flush();

  const requestId = String(response.headers['x-request-id']);
  const server = receiver.spans.find((s) => (s.attributes['http.response.header.x-request-id'] as string[] | undefined)?.[0] === requestId);
  expect(server).toMatchObject({ service: 'cairn-api', name: 'GET /v2/servers/nodes', kind: SERVER });
  const agentCall = receiver.spans.find((s) => s.service === 'cairn-api' && s.traceId === server!.traceId && s.name === 'GET /api/node');
  expect(agentCall).toMatchObject({ service: 'cairn-api', kind: CLIENT, parentSpanId: server!.spanId, attributes: expect.objectContaining({ 'http.response.status_code': 200 }) });

  const agentSide = await eventually(
    async () => receiver.spans.find((s) => s.service === 'cairn-node-agent' && s.traceId === server!.traceId),
    30_000,
    "the agent's span",
  );
  expect(agentSide).toMatchObject({ name: 'GET /api/node', kind: SERVER, parentSpanId: agentCall!.spanId, attributes: expect.objectContaining({ 'http.route': '/api/node' }) });
});
