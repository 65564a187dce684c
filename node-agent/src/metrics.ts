import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AgentServerStateSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerManager } from './server-manager.js';

/** The route label of requests no route matched (one value, whatever the URL). */
export const UNMATCHED_ROUTE = 'unmatched';

export interface AgentMetrics {
  registry: Registry;
  /** Records one answered request; `route` is the route template (never the raw URL). */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
}

/**
 * The agent's Prometheus metrics (docs/operations.md, "Metrics and logs"): one registry per
 * agent with the default process metrics, requests, game servers by state, crashes and restarts,
 * open console sockets and each server's last sampled CPU and memory. Everything but the request
 * histogram is read on scrape from what the agent already keeps (the stats are the ones the
 * sampler takes for console viewers), so serving metrics adds no work between scrapes.
 */
export function createAgentMetrics(manager: ServerManager, consoleSockets: () => number): AgentMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requestDuration = new Histogram({
    name: 'cairn_agent_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  // The request count is the histogram's own count, copied on scrape.
  new Counter({
    name: 'cairn_agent_http_requests_total',
    help: 'Requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers,
    async collect() {
      const { values } = await requestDuration.get();
      this.reset();
      for (const sample of values) {
        if (sample.metricName === 'cairn_agent_http_request_duration_seconds_count') this.inc(sample.labels, sample.value);
      }
    },
  });

  new Gauge({
    name: 'cairn_agent_game_servers',
    help: 'Game servers on this node by state.',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const byState = new Map<string, number>(AgentServerStateSchema.options.map((state) => [state, 0]));
      for (const server of manager.list()) byState.set(server.process.state, (byState.get(server.process.state) ?? 0) + 1);
      for (const [state, n] of byState) this.set({ state }, n);
    },
  });

  new Counter({
    name: 'cairn_agent_server_crashes_total',
    help: 'Game-server processes that exited unexpectedly (out-of-memory and limit kills included).',
    registers,
    collect() {
      this.reset();
      this.inc(manager.counts.crashes);
    },
  });

  new Counter({
    name: 'cairn_agent_server_restarts_total',
    help: 'Game-server processes started again, by cause: auto (after a crash), power (a restart action), recovery (the agent started).',
    labelNames: ['cause'] as const,
    registers,
    collect() {
      this.reset();
      for (const [cause, n] of Object.entries(manager.counts.restarts)) this.inc({ cause }, n);
    },
  });

  new Gauge({
    name: 'cairn_agent_console_sockets_open',
    help: 'Console WebSockets open on this node.',
    registers,
    collect() {
      this.set(consoleSockets());
    },
  });

  new Gauge({
    name: 'cairn_agent_server_memory_bytes',
    help: 'Memory of each game server at the last sample (NODE_AGENT_STATS_INTERVAL_MS).',
    labelNames: ['server'] as const,
    registers,
    collect() {
      this.reset();
      for (const server of manager.list()) if (server.latestStats) this.set({ server: server.record.id }, server.latestStats.memory_bytes);
    },
  });

  new Gauge({
    name: 'cairn_agent_server_cpu_percent',
    help: "Each game server's share of the host's CPU at the last sample, 0-100.",
    labelNames: ['server'] as const,
    registers,
    collect() {
      this.reset();
      for (const server of manager.list()) if (server.latestStats) this.set({ server: server.record.id }, server.latestStats.cpu_percent);
    },
  });

  return {
    registry,
    observeRequest: (method, route, statusCode, seconds) =>
      requestDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds),
  };
}
