import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (docs/operations.md, "Metrics and logs"). One registry per
 * process, shared by the API and the worker when both run in it. Hot paths only bump plain
 * numbers or make one histogram observation; counters are copied into the registry when it is
 * scraped, so counting allocates nothing.
 */
export const metricsRegistry = new Registry();

let processMetricsOn = false;

/** Adds Node's default process metrics (CPU, memory, event loop, GC) once, when metrics are first served. */
export function enableProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

/** Latency buckets (seconds) for requests and calls to dependencies: sub-millisecond cache hits to slow uploads. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// ---------------------------------------------------------------------------------------------
// HTTP requests

/** The route label of requests no route matched (one value, whatever the URL). */
export const UNMATCHED_ROUTE = 'unmatched';

const httpRequestDuration = new Histogram({
  name: 'cairn_http_request_duration_seconds',
  help: 'Time from receiving a request to sending its answer, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

// The request count is the histogram's own count, copied at scrape time: one observation per request.
new Counter({
  name: 'cairn_http_requests_total',
  help: 'Requests answered, by method, route template and status code.',
  labelNames: ['method', 'route', 'status_code'] as const,
  registers: [metricsRegistry],
  async collect() {
    const { values } = await httpRequestDuration.get();
    this.reset();
    for (const sample of values) {
      if (sample.metricName === 'cairn_http_request_duration_seconds_count') this.inc(sample.labels, sample.value);
    }
  },
});

/** Records one answered request; `route` is the route template (never the raw URL). */
export function observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
  httpRequestDuration.observe({ method, route: route ?? UNMATCHED_ROUTE, status_code: statusCode }, seconds);
}

// ---------------------------------------------------------------------------------------------
// Plain counters copied into the registry on scrape

/** Counts by label values; the key is the label values joined by NUL. */
type Tally = Map<string, number>;

function tallyCounter(name: string, help: string, labelNames: readonly string[]): Tally {
  const tally: Tally = new Map();
  new Counter({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    collect() {
      this.reset();
      for (const [key, value] of tally) {
        const values = key.split('\u0000');
        this.inc(Object.fromEntries(labelNames.map((label, i) => [label, values[i]!])), value);
      }
    },
  });
  return tally;
}

const count = (tally: Tally, key: string, by = 1) => tally.set(key, (tally.get(key) ?? 0) + by);

const cacheLookups = tallyCounter('cairn_cache_lookups_total', 'Lookups in the in-memory caches of ready answers, by cache and result (hit or miss).', ['cache', 'result']);

/** Hit and miss counts of one in-memory cache: bump `hits` / `misses` (plain numbers, free on the hot path). */
export interface CacheLookups {
  hits: number;
  misses: number;
}

const caches = new Map<string, CacheLookups[]>();

/** A new pair of counts for cache `name`, reported summed with every other cache of that name (one per app). */
export function cacheLookupsOf(name: string): CacheLookups {
  const lookups = { hits: 0, misses: 0 };
  caches.set(name, [...(caches.get(name) ?? []), lookups]);
  return lookups;
}

const rateLimitRefusals = tallyCounter('cairn_rate_limit_refusals_total', 'Requests refused with 429, by bucket (ip, site, user, or route for a route with its own limit).', ['bucket']);

/** One request refused by the rate limit. */
export function countRateLimitRefusal(bucket: 'ip' | 'site' | 'user' | 'route'): void {
  count(rateLimitRefusals, bucket);
}

const jobOutcomes = tallyCounter('cairn_jobs_total', 'Background jobs handled, by job name and outcome (completed, retried: failed with retries left, failed: no retry left).', ['job', 'outcome']);

/** Counts `n` jobs of queue `job` ending with `outcome`. */
export function countJobs(job: string, outcome: 'completed' | 'retried' | 'failed', n = 1): void {
  count(jobOutcomes, `${job}\u0000${outcome}`, n);
}

/** Copies the caches' plain numbers into their tally before the registry reads it. */
function syncCacheLookups(): void {
  for (const [name, all] of caches) {
    let hits = 0;
    let misses = 0;
    for (const lookups of all) {
      hits += lookups.hits;
      misses += lookups.misses;
    }
    cacheLookups.set(`${name}\u0000hit`, hits);
    cacheLookups.set(`${name}\u0000miss`, misses);
  }
}

// ---------------------------------------------------------------------------------------------
// Dependencies: the database and the search engine

const databaseQueryDuration = new Histogram({
  name: 'cairn_db_query_duration_seconds',
  help: 'Time from handing a query to the database driver to its answer (waiting for a pooled connection included), by pool.',
  labelNames: ['pool'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

const databaseQueriesInFlight = new Gauge({
  name: 'cairn_db_queries_in_flight',
  help: 'Queries sent to the database driver and not answered yet (running or waiting for a connection), by pool.',
  labelNames: ['pool'] as const,
  registers: [metricsRegistry],
});

/** What the database client reports per query, for pool `pool` (its application name). */
export interface QueryObserver {
  started(): void;
  finished(seconds: number): void;
}

export function queryObserverOf(pool: string): QueryObserver {
  const inFlight = databaseQueriesInFlight.labels(pool);
  const duration = databaseQueryDuration.labels(pool);
  inFlight.set(0);
  return {
    started: () => inFlight.inc(),
    finished: (seconds) => {
      inFlight.dec();
      duration.observe(seconds);
    },
  };
}

const searchRequestDuration = new Histogram({
  name: 'cairn_search_request_duration_seconds',
  help: 'Time of requests to Meilisearch, by operation (multi_search, health, documents, settings, tasks…) and outcome.',
  labelNames: ['operation', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

/** Starts timing one request to Meilisearch; call the answer with whether it succeeded. */
export function startSearchTimer(operation: string): (ok: boolean) => void {
  const started = performance.now();
  return (ok) => searchRequestDuration.observe({ operation, outcome: ok ? 'ok' : 'error' }, (performance.now() - started) / 1000);
}

/**
 * The operation of a Meilisearch request, from its path: `/indexes/<uid>/documents/…` is
 * `documents`, `/tasks/12` is `tasks`, `/multi-search` is `multi_search`. Index uids and ids
 * never become label values.
 */
export function searchOperationOf(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const [first, , third] = parts;
  if (first === 'indexes') return third ? third.replace(/-/g, '_') : 'indexes';
  return (first ?? 'root').replace(/-/g, '_');
}

// ---------------------------------------------------------------------------------------------
// Gauges read on scrape from the database or the job queue, cached briefly

/** Scrape-time values are reused this long, so frequent scrapes cost one query at most per window. */
const SOURCE_CACHE_MS = 10_000;
/** A scrape waits this long for a value before answering with the previous one. */
const SOURCE_TIMEOUT_MS = 2_000;

/** Counts by one label, read from somewhere slow. */
export type CountSource = () => Promise<ReadonlyMap<string, number>>;

interface CachedSource {
  load: CountSource;
  value: ReadonlyMap<string, number> | undefined;
  at: number;
  pending: Promise<void> | undefined;
}

function scrapedGauge(name: string, help: string, label: string) {
  const sources: CachedSource[] = [];
  const refresh = (source: CachedSource): Promise<void> => {
    source.pending ??= source
      .load()
      .then((value) => {
        source.value = value;
        source.at = Date.now();
      })
      .catch(() => {})
      .finally(() => (source.pending = undefined));
    return source.pending;
  };
  new Gauge({
    name,
    help,
    labelNames: [label],
    registers: [metricsRegistry],
    async collect() {
      // The most recently attached source speaks for the process (one app, one job runner).
      const source = sources.at(-1);
      if (!source) return;
      if (Date.now() - source.at >= SOURCE_CACHE_MS) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([refresh(source), new Promise((resolve) => (timer = setTimeout(resolve, SOURCE_TIMEOUT_MS)))]);
        clearTimeout(timer);
      }
      this.reset();
      for (const [value, n] of source.value ?? []) this.set({ [label]: value }, n);
    },
  });
  /** Attaches a source; the answer detaches it. */
  return (load: CountSource): (() => void) => {
    const source: CachedSource = { load, value: undefined, at: 0, pending: undefined };
    sources.push(source);
    return () => {
      const index = sources.indexOf(source);
      if (index >= 0) sources.splice(index, 1);
    };
  };
}

/** Jobs waiting in each pg-boss queue (created or waiting to be retried), read on scrape. */
export const watchJobQueueDepth = scrapedGauge('cairn_job_queue_depth', 'Jobs waiting in each queue (created or waiting for a retry), read from pg-boss on scrape.', 'queue');

/** Hosted game servers by status (not deleted), read from the database on scrape. */
export const watchGameServers = scrapedGauge('cairn_game_servers', 'Hosted game servers by status (unprovisioned, installing, available, suspended), read from the database on scrape.', 'status');

/** The registry in Prometheus text format. */
export async function renderMetrics(): Promise<string> {
  syncCacheLookups();
  return metricsRegistry.metrics();
}

export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
