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
  /** Where in `variants` to go on from (shared by the turns of one target); each run starts at the first otherwise. */
  cursor?: { next: number };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

interface RawRun {
  requests: number;
  seconds: number;
  latencies: number[];
  errors: number;
  non2xx: number;
}

/** Drives one URL with autocannon (loopback only, fixed duration), keeping every response time. */
async function drive(options: LoadOptions): Promise<RawRun> {
  const host = new URL(options.url).hostname;
  if (!['127.0.0.1', 'localhost', '::1'].includes(host)) throw new Error('benchmarks only target loopback');
  const latencies: number[] = [];
  const seconds = options.durationSeconds ?? 10;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: options.method ?? 'GET',
        body: options.body,
        headers: options.headers,
        connections: options.connections ?? 20,
        duration: seconds,
        ...(options.variants ? { requests: [{ setupRequest: cycle(options.variants, options.cursor) }] } : {}),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  return { requests: result.requests.total, seconds, latencies, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

/** Exact latency percentiles from every response (autocannon's summary has no p95). */
function summarize(label: string, runs: readonly RawRun[]): LoadResult {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    label,
    requests,
    requestsPerSecond: requests / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
  };
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  return summarize(options.label, [await drive(options)]);
}

/**
 * Several targets measured in turns of one second each for the same total time, so a slower or
 * busier stretch of the machine weighs on all alike (a ratio of two runs taken one after the
 * other moved by up to ±0.2 between runs on a shared 2-core machine).
 */
export async function measureInTurns<T extends LoadOptions[]>(...targets: T): Promise<{ [K in keyof T]: LoadResult }> {
  const turns = Math.max(1, Math.round(targets[0]!.durationSeconds ?? 10));
  const runs: RawRun[][] = targets.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, target] of targets.entries()) runs[i]!.push(await drive({ ...target, durationSeconds: 1 }));
  }
  return targets.map((target, i) => summarize(target.label, runs[i]!)) as { [K in keyof T]: LoadResult };
}

function cycle(variants: ReadonlyArray<{ path?: string; body?: string }>, cursor = { next: 0 }) {
  return (request: autocannon.Request): autocannon.Request => {
    const variant = variants[cursor.next++ % variants.length]!;
    return { ...request, ...(variant.path ? { path: variant.path } : {}), ...(variant.body ? { body: variant.body } : {}) };
  };
}

export function formatRow(r: LoadResult): string {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  return `${r.label.padEnd(34)} ${`${Math.round(r.requestsPerSecond)} req/s`.padStart(12)}  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  p99 ${ms(r.p99)}  (${r.requests} requests, ${r.errors} errors, ${r.non2xx} non-2xx)`;
}
