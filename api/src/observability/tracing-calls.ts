import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Link } from '@opentelemetry/api';
import {
  ATTR_DB_COLLECTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
} from '@opentelemetry/semantic-conventions';
import { endWith, parentContext, type TraceKit } from './tracing-kit.js';

/** Where the enqueueing trace's `traceparent` rides in a job's data. */
export const TRACE_KEY = '_trace';

const errorName = (error: unknown) => (error instanceof Error ? error.name : 'error');
const portOf = (url: URL) => Number(url.port) || (url.protocol === 'https:' ? 443 : 80);

/** Operation and index of a Meilisearch call from its path (`/indexes/{uid}/search`, `/multi-search`, `/tasks/{id}`). */
export function describeSearchCall(path: string, body: string | undefined): { operation: string; index: string | undefined } {
  const segments = path.split('/').filter((s) => s !== '');
  const at = segments.indexOf('indexes');
  if (at !== -1 && segments[at + 1]) return { operation: segments[at + 2] ?? 'index', index: decodeURIComponent(segments[at + 1]!) };
  const named = segments.filter((s) => !/^\d+$/.test(s));
  const operation = named[named.length - 1] ?? 'meilisearch';
  // A multi-search names its indexes in the body; the first one stands for the call.
  const index = operation === 'multi-search' && body ? /"indexUid"\s*:\s*"([^"]+)"/.exec(body)?.[1] : undefined;
  return { operation, index };
}

/** A CLIENT span around one Meilisearch call made inside a trace. */
export function searchSpan<T>(kit: TraceKit, method: string, url: URL, body: string | undefined, send: () => Promise<T>): Promise<T> {
  const parent = parentContext(kit);
  if (!parent) return send();
  const { operation, index } = describeSearchCall(url.pathname, body);
  const span = kit.tracer.startSpan(
    index ? `${operation} ${index}` : operation,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: 'meilisearch',
        [ATTR_DB_OPERATION_NAME]: operation,
        ...(index ? { [ATTR_DB_COLLECTION_NAME]: index } : {}),
        [ATTR_HTTP_REQUEST_METHOD]: method.toUpperCase(),
        [ATTR_SERVER_ADDRESS]: url.hostname,
        [ATTR_SERVER_PORT]: portOf(url),
      },
    },
    parent,
  );
  return endWith(
    span,
    kit.contexts.with(trace.setSpan(parent, span), send),
    (s, result) => {
      // The lean multi-search answers { status, body } whatever the status; the client's own
      // calls answer the parsed body (and throw on an error status, handled below).
      const status = (result as { status?: unknown } | undefined)?.status;
      if (typeof status !== 'number') return;
      s.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status >= 400) {
        s.setAttribute(ATTR_ERROR_TYPE, String(status));
        s.setStatus({ code: SpanStatusCode.ERROR });
      }
    },
    (_span, error) => {
      const status = (error as { response?: { status?: unknown } }).response?.status;
      return typeof status === 'number' ? String(status) : errorName(error);
    },
  );
}

/** `/api/servers/abc/backups/xyz/restore` → `/api/servers/{id}/backups/{id}/restore`. */
const agentPathTemplate = (path: string) => path.replace(/\/(servers|backups)\/[^/]+/g, '/$1/{id}');

/**
 * A CLIENT span around one request to a node agent made inside a trace, with the span's
 * `traceparent` in the request, so the agent's own server span continues the trace.
 */
export function agentFetchSpan(kit: TraceKit, url: string, init: RequestInit): Promise<Response> {
  const parent = parentContext(kit);
  if (!parent) return fetch(url, init);
  const target = new URL(url);
  const method = (init.method ?? 'GET').toUpperCase();
  const template = agentPathTemplate(target.pathname);
  const span = kit.tracer.startSpan(
    `${method} ${template}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_HTTP_REQUEST_METHOD]: method,
        [ATTR_SERVER_ADDRESS]: target.hostname,
        [ATTR_SERVER_PORT]: portOf(target),
        'url.template': template,
      },
    },
    parent,
  );
  const headers = new Headers(init.headers);
  kit.propagator.inject(trace.setSpan(parent, span), headers, { set: (carrier, key, value) => carrier.set(key, value) });
  return endWith(
    span,
    fetch(url, { ...init, headers }),
    (s, response) => {
      s.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
      if (response.status >= 500) {
        s.setAttribute(ATTR_ERROR_TYPE, String(response.status));
        s.setStatus({ code: SpanStatusCode.ERROR });
      }
    },
    (_span, error) => errorName(error),
  );
}

/**
 * A CONSUMER span around one handler call of a job queue: a trace of its own (the job runs later,
 * elsewhere), linked to the traces that enqueued its jobs. Messaging attribute names follow the
 * (still incubating) semantic conventions.
 */
export function jobSpan<T>(kit: TraceKit, name: string, jobs: ReadonlyArray<{ id: string; data: unknown }>, run: () => Promise<T>): Promise<T> {
  const links: Link[] = [];
  for (const job of jobs) {
    const traceparent = (job.data as Record<string, unknown> | null)?.[TRACE_KEY];
    if (typeof traceparent !== 'string') continue;
    const context = trace.getSpanContext(kit.propagator.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter));
    if (context) links.push({ context });
  }
  const span = kit.tracer.startSpan(
    `process ${name}`,
    {
      kind: SpanKind.CONSUMER,
      links,
      attributes: {
        'messaging.system': 'pg-boss',
        'messaging.operation.type': 'process',
        'messaging.destination.name': name,
        ...(jobs.length === 1 ? { 'messaging.message.id': jobs[0]!.id } : { 'messaging.batch.message_count': jobs.length }),
      },
    },
    ROOT_CONTEXT,
  );
  return endWith(
    span,
    kit.contexts.with(trace.setSpan(ROOT_CONTEXT, span), run),
    () => {},
    (failed, error) => {
      if (error instanceof Error) failed.recordException(error);
      return errorName(error);
    },
  );
}
