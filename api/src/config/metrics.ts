import { z } from 'zod';
import { port } from './env-values.js';

/** Where and to whom the process's Prometheus metrics are served (docs/operations.md, "Metrics and logs"). */
export const metricsSchema = z.object({
  /** Bearer token for `GET /metrics`; unset: the API's public port does not serve it. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** A private listener that serves only `GET /metrics` (the way a worker-only process exposes them). */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

export type MetricsEnv = z.infer<typeof metricsSchema>;

export interface MetricsSection {
  metrics: {
    /** Required on every metrics endpoint when set. */
    token: string | undefined;
    /** The private listener's address; undefined: none. */
    listener: { host: string; port: number } | undefined;
  };
}

export function metricsSection(env: MetricsEnv): MetricsSection {
  return {
    metrics: {
      token: env.METRICS_TOKEN,
      listener: env.METRICS_PORT === undefined ? undefined : { host: env.METRICS_HOST, port: env.METRICS_PORT },
    },
  };
}
