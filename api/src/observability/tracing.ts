import type { FastifyInstance } from 'fastify';
import type postgres from 'postgres';
import type { TracingSettings } from '../config.js';

/**
 * OpenTelemetry tracing of the API and the worker (docs/operations.md, "Tracing"). This module is
 * what the rest of the code calls; it imports nothing of OpenTelemetry. `startTracing` loads the
 * SDK (tracing-sdk.ts) only when the OTEL_* variables turn tracing on, so with tracing off no
 * OpenTelemetry module is in memory and every hook below is one check of `active`.
 */
export interface ActiveTracing {
  /** Adds the server-span hooks to a Fastify instance. */
  instrumentServer(app: FastifyInstance): void;
  /** The pool with a span around every query sent inside a trace. */
  wrapSql(sql: postgres.Sql): postgres.Sql;
  /** A span around one call to Meilisearch (when inside a trace). */
  search<T>(method: string, url: URL, body: string | undefined, send: () => Promise<T>): Promise<T>;
  /** fetch to a node agent with a client span and the trace context in its headers. */
  agentFetch(url: string, init: RequestInit): Promise<Response>;
  /** A span around one handler call of the worker, linked to the traces that enqueued its jobs. */
  jobs<T>(name: string, jobs: ReadonlyArray<{ id: string; data: unknown }>, run: () => Promise<T>): Promise<T>;
  /** The job's data with the current trace context in it, to link the job's span to. */
  stampJob<Data extends object>(data: Data): Data;
  /** Sends every finished span now. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** What the process entry points keep to flush and stop tracing. */
export interface TracingHandle {
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

let active: ActiveTracing | undefined;

/**
 * Turns tracing on for this process when `settings` says so (config.tracing, from the OTEL_*
 * variables): call it before the database and search clients and the app are built, since each
 * decides once, when it is built, whether to trace. Undefined when tracing stays off; `warn`
 * hears of spans the collector did not take.
 */
export async function startTracing(
  settings: TracingSettings | undefined,
  defaultServiceName: string,
  warn: (message: string) => void,
): Promise<TracingHandle | undefined> {
  if (!settings) return undefined;
  const { createTracing } = await import('./tracing-sdk.js');
  const tracing = await createTracing(settings, defaultServiceName, warn);
  active = tracing;
  return {
    flush: () => tracing.flush(),
    async shutdown() {
      if (active === tracing) active = undefined;
      await tracing.shutdown();
    },
  };
}

/** Server spans for every request of this app (nothing is added when tracing is off). */
export function traceRequests(app: FastifyInstance): void {
  active?.instrumentServer(app);
}

/** The pool itself when tracing is off; otherwise the same pool with query spans. */
export function traceQueries(sql: postgres.Sql): postgres.Sql {
  return active ? active.wrapSql(sql) : sql;
}

/** Runs one Meilisearch call, in a span when tracing is on. */
export function traceSearch<T>(method: string, url: URL, body: string | undefined, send: () => Promise<T>): Promise<T> {
  return active ? active.search(method, url, body, send) : send();
}

/** `fetch` for calls to node agents: with tracing on, a client span and a `traceparent` header. */
export function agentFetch(url: string, init: RequestInit): Promise<Response> {
  return active ? active.agentFetch(url, init) : fetch(url, init);
}

/** Runs one job handler call, in a span when tracing is on. */
export function traceJobs<T>(name: string, jobs: ReadonlyArray<{ id: string; data: unknown }>, run: () => Promise<T>): Promise<T> {
  return active ? active.jobs(name, jobs, run) : run();
}

/** The job data to enqueue: unchanged when tracing is off or no trace is current. */
export function stampJob<Data extends object>(data: Data): Data {
  return active ? active.stampJob(data) : data;
}

type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<unknown>;

/** The Meilisearch client's HTTP function, with a span around each call when tracing is on at construction. */
export function traceSearchRequests<F extends FetchLike>(send: F): F {
  const tracing = active;
  if (!tracing) return send;
  const traced: FetchLike = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = typeof init?.body === 'string' ? init.body : undefined;
    return tracing.search(init?.method ?? 'GET', url, body, () => send(input, init));
  };
  return traced as F;
}

/**
 * The OTEL_* variables that give a child process (the embedded node agent) these settings, under
 * its own service name; none when tracing is off.
 */
export function tracingEnvironment(settings: TracingSettings | undefined): Record<string, string> {
  if (!settings) return {};
  const pairs = (record: Record<string, string>) =>
    Object.entries(record)
      .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
      .join(',');
  return {
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: settings.url,
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: settings.protocol,
    OTEL_EXPORTER_OTLP_TRACES_HEADERS: pairs(settings.headers),
    OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: String(settings.timeoutMs),
    OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: settings.compression,
    OTEL_RESOURCE_ATTRIBUTES: pairs(settings.resourceAttributes),
    OTEL_TRACES_SAMPLER: settings.sampler,
    OTEL_TRACES_SAMPLER_ARG: String(settings.samplerRatio),
    OTEL_BSP_SCHEDULE_DELAY: String(settings.scheduleDelayMs),
  };
}
