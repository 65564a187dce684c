import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  /** Requests cycle through these paths and/or bodies instead of repeating `url` and `body`. */
  variants?: ReadonlyArray<{ path?: string; body?: string }>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/**
 * Drives one URL with autocannon (loopback only, fixed duration) and computes exact latency
 * percentiles from every response, since autocannon's summary has no p95.
 */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const host = new URL(options.url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error('benchmarks only target loopback');
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        body: options.body,
        headers: options.headers,
        connections: options.connections ?? 20,
        duration: options.durationSeconds ?? 10,
        ...(options.variants ? { requests: [{ setupRequest: cycle(options.variants) }] } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    label: options.label,
    requests: result.requests.total,
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function cycle(variants: ReadonlyArray<{ path?: string; body?: string }>) {
  let next = 0;
  return (request: autocannon.Request): autocannon.Request => {
    const variant = variants[next++ % variants.length]!;
    return { ...request, ...(variant.path ? { path: variant.path } : {}), ...(variant.body ? { body: variant.body } : {}) };
  };
}

export function formatRow(r: LoadResult): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  return `${r.label.padEnd(34)} ${`${Math.round(r.requestsPerSecond)} req/s`.padStart(12)}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx)`;
}
