import fs from 'node:fs/promises';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freePort, openConsole, startAgent, tempDir, TOKEN, waitFor, type AgentProcess } from './harness.js';

const METRICS_TOKEN = 'agent-metrics-token-0123456789';

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

describe('node agent metrics and logs', () => {
  let dataDir: string;
  let agent: AgentProcess;
  const logLines: Array<Record<string, unknown>> = [];

  const scrape = async (token: string | null = METRICS_TOKEN) => {
    const response = await fetch(`${agent.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    return { status: response.status, text: await response.text(), type: response.headers.get('content-type') };
  };

  beforeAll(async () => {
    dataDir = await tempDir('agent-metrics');
    agent = await startAgent(dataDir, { NODE_AGENT_METRICS_TOKEN: METRICS_TOKEN });
    readline.createInterface({ input: agent.child.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) logLines.push(JSON.parse(line) as Record<string, unknown>);
    });
    const created = await call(agent.url, 'POST', '/api/servers', {
      json: { id: 'metrics1', runtime: 'flying-squid', game_version: '1.21.4', port: await freePort(), limits: { memory_mib: 512, cpu_percent: 100, storage_mib: 64 } },
    });
    expect(created.status).toBe(201);
    await waitFor(async () => {
      const { body } = await call(agent.url, 'GET', '/api/servers/metrics1');
      return (body as { state?: string }).state === 'stopped' ? true : undefined;
    }, 120_000, 'the server to be installed');
  });

  afterAll(async () => {
    await agent?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('serves /metrics only for the node token or the metrics token', async () => {
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('not-a-token-of-this-node-0123')).status).toBe(401);
    const withMetricsToken = await scrape(METRICS_TOKEN);
    expect(withMetricsToken.status).toBe(200);
    expect(withMetricsToken.type).toContain('text/plain');
    expect((await scrape(TOKEN)).status).toBe(200);
  });

  it('reports requests by route template, servers by state, crashes, restarts and console sockets', async () => {
    expect((await call(agent.url, 'GET', '/api/servers/no-such-server')).status).toBe(404);
    expect((await call(agent.url, 'GET', '/not/a/route')).status).toBe(404);
    const console = await openConsole(agent.url, 'metrics1');
    try {
      await console.waitFor((message) => message.type === 'history');
      const { text } = await scrape();
      expect(sample(text, 'cairn_agent_http_requests_total', { method: 'POST', route: '/api/servers', status_code: '201' })).toBe(1);
      expect(sample(text, 'cairn_agent_http_requests_total', { method: 'GET', route: '/api/servers/:id', status_code: '404' })).toBe(1);
      expect(sample(text, 'cairn_agent_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
      expect(sample(text, 'cairn_agent_http_request_duration_seconds_count', { route: '/api/servers/:id' })).toBeGreaterThanOrEqual(1);
      expect(text).not.toMatch(/route="\/metrics"/);
      expect(text).not.toMatch(/route="\/not\/a/);
      expect(sample(text, 'cairn_agent_game_servers', { state: 'stopped' })).toBe(1);
      expect(sample(text, 'cairn_agent_game_servers', { state: 'running' })).toBe(0);
      expect(sample(text, 'cairn_agent_server_crashes_total')).toBe(0);
      expect(sample(text, 'cairn_agent_server_restarts_total', { cause: 'auto' })).toBe(0);
      expect(sample(text, 'cairn_agent_console_sockets_open')).toBe(1);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      console.close();
    }
    await waitFor(async () => (sample((await scrape()).text, 'cairn_agent_console_sockets_open') === 0 ? true : undefined), 10_000, 'the console socket to close');
  });

  it('logs one JSON line per request with the request id the client received', async () => {
    const response = await fetch(`${agent.url}/api/servers/metrics1`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const line = await waitFor(async () => logLines.find((entry) => entry.reqId === requestId), 10_000, 'the request log line');
    expect(line).toMatchObject({ msg: 'request completed', method: 'GET', route: '/api/servers/:id', statusCode: 200 });
    expect(logLines.filter((entry) => entry.reqId === requestId)).toHaveLength(1);
  });
});
