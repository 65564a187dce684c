import { describe, expect, it } from 'vitest';
import { tracingSchema, tracingSettings } from './tracing-settings.js';

const settings = (env: Record<string, string>, defaultServiceName = 'cairn-test') =>
  tracingSettings(tracingSchema.parse(env), defaultServiceName);

function problems(env: Record<string, string>): string[] {
  const parsed = tracingSchema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('tracing settings (OTEL_*)', () => {
  it('is off when no exporter or endpoint is given, whatever else is set', () => {
    expect(settings({})).toBeUndefined();
    expect(settings({ OTEL_SERVICE_NAME: 'cairn-eu', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_TRACES_SAMPLER: 'always_on' })).toBeUndefined();
  });

  it('comes on for an endpoint, posting to its /v1/traces, with the specification defaults and the default service name', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318/' }, 'cairn-node-agent')).toEqual({
      serviceName: 'cairn-node-agent',
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
  });

  it('leaves the service name undefined when there is no default and OTEL_SERVICE_NAME is unset', () => {
    expect(tracingSettings(tracingSchema.parse({ OTEL_TRACES_EXPORTER: 'otlp' }), undefined)?.serviceName).toBeUndefined();
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'cairn-node-eu1' }, 'cairn-node-agent')?.serviceName).toBe('cairn-node-eu1');
  });

  it('takes the traces endpoint as it is, and the traces-only settings over the general ones', () => {
    expect(
      settings({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/ingest',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_HEADERS: 'x-team=cairn,authorization=Basic%20abc',
        OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-team=tracing',
        OTEL_EXPORTER_OTLP_TIMEOUT: '3000',
        OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2500',
        OTEL_EXPORTER_OTLP_COMPRESSION: 'none',
        OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: 'gzip',
      }),
    ).toMatchObject({
      url: 'https://traces.example.com/ingest',
      protocol: 'http/json',
      headers: { 'x-team': 'tracing', authorization: 'Basic abc' },
      timeoutMs: 2500,
      compression: 'gzip',
    });
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318', OTEL_EXPORTER_OTLP_TIMEOUT: '3000', OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip' })).toMatchObject({
      timeoutMs: 3000,
      compression: 'gzip',
    });
  });

  it('comes on for OTEL_TRACES_EXPORTER=otlp alone, towards a collector on this machine', () => {
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20t' })).toMatchObject({
      url: 'http://localhost:4318/v1/traces',
      headers: { authorization: 'Bearer t' },
    });
  });

  it('stays off for OTEL_TRACES_EXPORTER=none and whenever OTEL_SDK_DISABLED is true', () => {
    expect(settings({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318' })).toBeUndefined();
    expect(settings({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBeUndefined();
    expect(settings({ OTEL_SDK_DISABLED: 'TRUE', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector.internal:4318' })).toBeUndefined();
    expect(settings({ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' })).toBeDefined();
  });

  it('reads the resource attributes, sampler and batch delay', () => {
    expect(
      settings({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment.name=production,region=eu%2Dwest',
        OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_BSP_SCHEDULE_DELAY: '200',
      }),
    ).toMatchObject({
      resourceAttributes: { 'deployment.environment.name': 'production', region: 'eu-west' },
      sampler: 'parentbased_traceidratio',
      samplerRatio: 0.25,
      scheduleDelayMs: 200,
    });
  });

  it('takes an empty value for unset', () => {
    expect(problems({ OTEL_EXPORTER_OTLP_PROTOCOL: '', OTEL_TRACES_SAMPLER_ARG: '', OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toEqual([]);
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: '' })).toBeUndefined();
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SERVICE_NAME: '', OTEL_TRACES_SAMPLER_ARG: '' })).toMatchObject({ serviceName: 'cairn-test', samplerRatio: 1 });
  });

  it('names every variable whose value it cannot use', () => {
    const found = problems({
      OTEL_TRACES_EXPORTER: 'otlp,zipkin',
      OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      OTEL_EXPORTER_OTLP_HEADERS: 'no-equals-sign',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'bad=%E0%A4%A',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url',
      OTEL_EXPORTER_OTLP_TIMEOUT: '0',
      OTEL_TRACES_SAMPLER: 'sometimes',
      OTEL_TRACES_SAMPLER_ARG: '7',
    });
    expect(new Set(found.map((problem) => problem.split(':')[0]))).toEqual(
      new Set([
        'OTEL_TRACES_EXPORTER',
        'OTEL_EXPORTER_OTLP_PROTOCOL',
        'OTEL_EXPORTER_OTLP_HEADERS',
        'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'OTEL_EXPORTER_OTLP_TIMEOUT',
        'OTEL_TRACES_SAMPLER',
        'OTEL_TRACES_SAMPLER_ARG',
      ]),
    );
    expect(found).toContain('OTEL_EXPORTER_OTLP_PROTOCOL: must be http/protobuf or http/json (grpc is not supported)');
  });
});
