import type { TracingSettings } from '@cairn/shared/config/tracing-settings';
import { defaultTextMapGetter, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { ExportResultCode, W3CTraceContextPropagator } from '@opentelemetry/core';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_URL_PATH,
  ATTR_URL_SCHEME,
} from '@opentelemetry/semantic-conventions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AgentTracing } from './tracing.js';

/** Warn about failed exports at most once a minute: a collector that is down must not flood the log. */
const WARN_EVERY_MS = 60_000;

/** Loaded by startTracing only when tracing is on. */
export async function createTracing(settings: TracingSettings, nodeId: string, warn: (message: string) => void): Promise<AgentTracing> {
  const provider = new TracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({ 'service.instance.id': nodeId, ...settings.resourceAttributes, [ATTR_SERVICE_NAME]: settings.serviceName }),
    ),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: await exporterOf(settings, warn), scheduledDelayMillis: settings.scheduleDelayMs })],
  });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const tracer = provider.getTracer('cairn-node-agent');
  const propagator = new W3CTraceContextPropagator();

  /**
   * A SERVER span per request, named `METHOD /route/template`, child of the caller's span when the
   * request carries `traceparent` (the API sends it). Console WebSockets are left out: a session
   * lasting hours is not a request.
   */
  function instrumentServer(app: FastifyInstance): void {
    const spans = new WeakMap<FastifyRequest, Span>();
    const failures = new WeakMap<FastifyRequest, Error>();
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.headers.upgrade) return done();
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const route = request.routeOptions.url;
      const query = request.url.indexOf('?');
      const span = tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [ATTR_HTTP_REQUEST_METHOD]: request.method,
            [ATTR_URL_PATH]: query === -1 ? request.url : request.url.slice(0, query),
            [ATTR_URL_SCHEME]: request.protocol,
            'http.response.header.x-request-id': [request.id],
            ...(route ? { [ATTR_HTTP_ROUTE]: route } : {}),
          },
        },
        parent,
      );
      spans.set(request, span);
      const context = trace.setSpan(parent, span);
      contexts.bind(context, request.raw);
      contexts.with(context, done);
    });
    app.addHook('onError', (request, _reply, error, done) => {
      failures.set(request, error);
      done();
    });
    const end = (request: FastifyRequest, statusCode: number | undefined) => {
      const span = spans.get(request);
      spans.delete(request);
      if (!span) return;
      if (statusCode !== undefined) span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, statusCode);
      if (statusCode === undefined || statusCode >= 500) {
        const error = failures.get(request);
        if (error) span.recordException(error);
        span.setAttribute(ATTR_ERROR_TYPE, statusCode === undefined ? 'aborted' : String(statusCode));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
      span.end();
    };
    app.addHook('onResponse', (request, reply, done) => {
      end(request, reply.statusCode);
      done();
    });
    app.addHook('onRequestAbort', (request, done) => {
      end(request, undefined);
      done();
    });
  }

  return {
    instrumentServer,
    async shutdown() {
      // Sends what is left; a collector that cannot take it is reported, and must not fail the shutdown.
      await provider.shutdown().catch((error: Error) => warn(`tracing: the last spans were not delivered to ${settings.url} (${error.message})`));
      contexts.disable();
    },
  };
}

function samplerOf(settings: TracingSettings): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(settings.samplerRatio);
  switch (settings.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

async function exporterOf(settings: TracingSettings, warn: (message: string) => void): Promise<SpanExporter> {
  const { OTLPTraceExporter } =
    settings.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
  const exporter = new OTLPTraceExporter({
    url: settings.url,
    headers: settings.headers,
    timeoutMillis: settings.timeoutMs,
    compression: settings.compression as NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>['compression'],
  });
  let warnedAt = -Infinity;
  return {
    export(spans, done) {
      exporter.export(spans, (result) => {
        if (result.code !== ExportResultCode.SUCCESS && Date.now() - warnedAt > WARN_EVERY_MS) {
          warnedAt = Date.now();
          warn(`tracing: ${spans.length} spans not delivered to ${settings.url} (${result.error?.message ?? 'export failed'})`);
        }
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
}
