import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TraceKit } from './tracing-kit.js';

/** The request id the API answers in `x-request-id`, as the semantic conventions name a response header. */
const ATTR_REQUEST_ID = 'http.response.header.x-request-id';

/**
 * One SERVER span per request, named `METHOD /route/template`, continuing an incoming
 * `traceparent`. The span is the active context for the rest of the request: the hook runs the
 * lifecycle inside it, and the request stream is bound to it so handlers that run after the body
 * has been read (on the stream's events) stay in the trace.
 */
export function serverSpans(kit: TraceKit): (app: FastifyInstance) => void {
  return (app) => {
    const spans = new WeakMap<FastifyRequest, Span>();
    const failures = new WeakMap<FastifyRequest, Error>();

    app.addHook('onRequest', (request, _reply, done) => {
      const parent = kit.propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const route = request.routeOptions.url;
      const query = request.url.indexOf('?');
      const span = kit.tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_URL_PATH]: query === -1 ? request.url : request.url.slice(0, query),
            [ATTR_URL_SCHEME]: request.protocol,
            [ATTR_REQUEST_ID]: [request.id],
            ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
          },
        },
        parent,
      );
      spans.set(request, span);
      const context = trace.setSpan(parent, span);
      kit.contexts.bind(context, request.raw);
      kit.contexts.with(context, done);
    });

    app.addHook('onError', (request, _reply, error, done) => {
      failures.set(request, error);
      done();
    });

    app.addHook('onResponse', (request, reply, done) => {
      const span = spans.get(request);
      spans.delete(request);
      if (span) {
        span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, reply.statusCode);
        // Client errors (4xx) are the caller's, not the server's: only 5xx mark the span failed.
        if (reply.statusCode >= 500) {
          const error = failures.get(request);
          if (error) span.recordException(error);
          span.setAttribute(ATTR_ERROR_TYPE, String(reply.statusCode));
          span.setStatus({ code: SpanStatusCode.ERROR });
        }
        span.end();
      }
      done();
    });

    app.addHook('onRequestAbort', (request, done) => {
      const span = spans.get(request);
      spans.delete(request);
      if (span) {
        span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      done();
    });
  };
}
