import { defaultTextMapSetter, trace } from '@opentelemetry/api';
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
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { TracingSettings } from '../config.js';
import { apiVersion } from '../lib/version.js';
import type { ActiveTracing } from './tracing.js';
import { serverSpans } from './tracing-http.js';
import { querySpans } from './tracing-database.js';
import { agentFetchSpan, jobSpan, searchSpan, TRACE_KEY } from './tracing-calls.js';
import type { TraceKit } from './tracing-kit.js';

/** Loaded by startTracing only when tracing is on: the SDK with the OTLP exporter the settings name. */
export async function createTracing(settings: TracingSettings, defaultServiceName: string, warn: (message: string) => void): Promise<ActiveTracing> {
  const provider = new TracerProvider({
    resource: defaultResource().merge(
      resourceFromAttributes({
        [ATTR_SERVICE_VERSION]: apiVersion(),
        ...settings.resourceAttributes,
        [ATTR_SERVICE_NAME]: settings.serviceName ?? defaultServiceName,
      }),
    ),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: await exporterOf(settings, warn), scheduledDelayMillis: settings.scheduleDelayMs })],
  });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const kit: TraceKit = { tracer: provider.getTracer('cairn'), contexts, propagator: new W3CTraceContextPropagator() };
  return {
    instrumentServer: serverSpans(kit),
    wrapSql: (sql) => querySpans(kit, sql),
    search: (method, url, body, send) => searchSpan(kit, method, url, body, send),
    agentFetch: (url, init) => agentFetchSpan(kit, url, init),
    jobs: (name, jobs, run) => jobSpan(kit, name, jobs, run),
    stampJob(data) {
      const current = contexts.active();
      if (!trace.getSpan(current)) return data;
      const carrier: Record<string, string> = {};
      kit.propagator.inject(current, carrier, defaultTextMapSetter);
      return carrier.traceparent ? { ...data, [TRACE_KEY]: carrier.traceparent } : data;
    },
    flush: () => provider.forceFlush(),
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

/** Warn about failed exports at most once a minute: a collector that is down must not flood the log. */
const WARN_EVERY_MS = 60_000;

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
