import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Histogram } from 'prom-client';
import { parse } from 'yaml';
import { workspaceRoot } from '../config.js';
import { enableProcessMetrics, metricsRegistry } from './metrics.js';

const observability = join(workspaceRoot(), 'deploy', 'observability');
const dashboard = JSON.parse(readFileSync(join(observability, 'grafana', 'dashboards', 'cairn.json'), 'utf8')) as {
  title?: unknown;
  uid?: unknown;
  schemaVersion?: unknown;
  panels?: Array<{
    id?: unknown;
    type?: unknown;
    title?: unknown;
    gridPos?: Record<string, unknown>;
    datasource?: { type?: unknown; uid?: unknown };
    targets?: Array<{ refId?: unknown; expr?: unknown; datasource?: { uid?: unknown } }>;
  }>;
};
const datasources = (parse(readFileSync(join(observability, 'grafana', 'provisioning', 'datasources', 'prometheus.yml'), 'utf8')) as { datasources: Array<{ uid: string; type: string }> }).datasources;

const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'avg', 'count', 'rate', 'irate', 'increase', 'histogram_quantile', 'by', 'without', 'and', 'or', 'unless', 'on', 'ignoring', 'offset']);

/** The metric names a PromQL expression reads: what is left once label matchers, ranges, groupings and functions are taken out. */
function metricNamesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, '');
  return [...bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)].map((match) => match[0]).filter((word) => !PROMQL_WORDS.has(word));
}

const panels = dashboard.panels ?? [];
const queryPanels = panels.filter((panel) => panel.type !== 'row');

describe('the Grafana dashboard (deploy/observability/grafana/dashboards/cairn.json)', () => {
  it('has the fields Grafana requires of a dashboard and of each panel', () => {
    expect(typeof dashboard.title).toBe('string');
    expect(dashboard.uid).toMatch(/^[a-zA-Z0-9_-]{1,40}$/);
    expect(Number.isInteger(dashboard.schemaVersion)).toBe(true);
    expect(queryPanels.length).toBeGreaterThan(0);
    const ids = panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of panels) {
      expect(typeof panel.type, String(panel.title)).toBe('string');
      expect(typeof panel.title).toBe('string');
      for (const key of ['x', 'y', 'w', 'h']) expect(Number.isInteger(panel.gridPos?.[key]), `${String(panel.title)} gridPos.${key}`).toBe(true);
      expect((panel.gridPos!.x as number) + (panel.gridPos!.w as number)).toBeLessThanOrEqual(24);
    }
  });

  it('queries only the provisioned Prometheus datasource, by its uid', () => {
    const [prometheus] = datasources;
    expect(datasources).toHaveLength(1);
    expect(prometheus!.type).toBe('prometheus');
    for (const panel of queryPanels) {
      expect(panel.datasource, String(panel.title)).toEqual({ type: 'prometheus', uid: prometheus!.uid });
      expect(panel.targets?.length, String(panel.title)).toBeGreaterThan(0);
      for (const target of panel.targets!) {
        expect(typeof target.refId).toBe('string');
        expect(typeof target.expr).toBe('string');
        expect(target.datasource?.uid).toBe(prometheus!.uid);
      }
    }
  });

  it('reads only metrics the processes register (API and worker here, node agent in node-agent/src/metrics.test.ts)', () => {
    enableProcessMetrics();
    const registered = metricsRegistry.getMetricsAsArray();
    const names = new Set(registered.map((metric) => metric.name));
    const histograms = new Set(registered.filter((metric) => metric instanceof Histogram).map((metric) => metric.name));
    const unknown: string[] = [];
    let read = 0;
    for (const panel of queryPanels) {
      for (const target of panel.targets!) {
        const used = metricNamesOf(target.expr as string);
        expect(used.length, `${String(panel.title)}: ${String(target.expr)}`).toBeGreaterThan(0);
        for (const name of used) {
          if (name.startsWith('cairn_agent_')) continue;
          read++;
          const histogram = name.replace(/_(bucket|sum|count)$/, '');
          if (!names.has(name) && !(histograms.has(histogram) && histogram !== name)) unknown.push(`${String(panel.title)}: ${name}`);
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(read).toBeGreaterThan(10);
  });

  it('finds metric names in PromQL and nothing else', () => {
    expect(metricNamesOf('histogram_quantile(0.95, sum by (le, route) (rate(cairn_x_bucket{status_code=~"5.."}[$__rate_interval])))')).toEqual(['cairn_x_bucket']);
    expect(metricNamesOf('sum(rate(a_total[5m])) / sum without (job) (b)')).toEqual(['a_total', 'b']);
  });
});
