import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { tracingEnvironment } from '../observability/tracing.js';

// The OTEL_* rules themselves are tested in shared (config/tracing-settings.test.ts); these are the API's use of them.

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const tracing = (env: Record<string, string>) => loadConfig(env).tracing;

describe('tracing configuration (OTEL_*)', () => {
  it('is off by default, and on for an endpoint with the service name left to the process (cairn-api or cairn-worker)', () => {
    expect(tracing({})).toBeUndefined();
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318/' })).toEqual({
      serviceName: undefined,
      resourceAttributes: {},
      url: 'http://collector.internal:4318/v1/traces',
      protocol: 'http/protobuf',
      headers: {},
      timeoutMs: 10_000,
      compression: 'none',
      sampler: 'parentbased_always_on',
      samplerRatio: 1,
      scheduleDelayMs: 5000,
    });
    expect(tracing({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'cairn-eu-api' })?.serviceName).toBe('cairn-eu-api');
  });

  it('hands a child process the same settings under its own service name', () => {
    const settings = tracing({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20a%2Cb',
      OTEL_RESOURCE_ATTRIBUTES: 'region=eu west',
      OTEL_SERVICE_NAME: 'cairn-eu-api',
      OTEL_TRACES_SAMPLER: 'traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.5',
      OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip',
    })!;
    expect(tracing(tracingEnvironment(settings))).toEqual({ ...settings, serviceName: undefined });
    expect(tracingEnvironment(undefined)).toEqual({});
  });

  it('lists every value it cannot use among the configuration problems', () => {
    expect(
      new Set(
        problems({
          OTEL_TRACES_EXPORTER: 'otlp,zipkin',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
          OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign',
          OTEL_TRACES_SAMPLER: 'sometimes',
          OTEL_TRACES_SAMPLER_ARG: '2',
        }).map((problem) => problem.split(':')[0]),
      ),
    ).toEqual(new Set(['OTEL_TRACES_EXPORTER', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_HEADERS', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG']));
  });
});
