import { readFileSync } from 'node:fs';
import { Histogram } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createAgentMetrics } from './metrics.js';
import type { ServerManager } from './server-manager.js';

const dashboard = JSON.parse(readFileSync(new URL('../../deploy/observability/grafana/dashboards/cairn.json', import.meta.url), 'utf8')) as {
  panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
};

describe("the Grafana dashboard's node agent panels", () => {
  it('read only metrics the agent registers', () => {
    // Enumerating the registry runs no collector, so a manager with no servers is enough.
    const manager = { list: () => [], counts: { crashes: 0, restarts: { auto: 0, power: 0, recovery: 0 } } } as unknown as ServerManager;
    const registered = createAgentMetrics(manager, () => 0).registry.getMetricsAsArray();
    const names = new Set(registered.flatMap((metric) => (metric instanceof Histogram ? ['_bucket', '_sum', '_count'].map((suffix) => metric.name + suffix) : [metric.name])));
    const used = dashboard.panels.flatMap((panel) => (panel.targets ?? []).flatMap((target) => target.expr.match(/cairn_agent_[a-z0-9_]+/g) ?? []));
    expect(used.length).toBeGreaterThan(3);
    expect(used.filter((name) => !names.has(name))).toEqual([]);
  });
});
