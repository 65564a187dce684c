import { z } from 'zod';

/**
 * OpenTelemetry tracing of the API and the node agent, read from the standard OTEL_* variables
 * (docs/operations.md, "Tracing"). Both parse them with `tracingSchema` and map them with
 * `tracingSettings`; the SDK wiring stays in each package, since this one has no OpenTelemetry dependency.
 */

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;

/** `OTEL_FOO=` in a shell means unset, whoever parses the variables. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema);

const exporterNames = (text: string | undefined) =>
  (text ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
const protocol = unsetWhenEmpty(z.enum(['http/protobuf', 'http/json'], { message: 'must be http/protobuf or http/json (grpc is not supported)' }).optional());
const keyValueList = unsetWhenEmpty(
  z
    .string()
    .refine((text) => parseKeyValues(text) !== undefined, 'must be key=value pairs separated by commas (values percent-encoded)')
    .optional(),
);
const milliseconds = unsetWhenEmpty(z.coerce.number().int().min(1).optional());
const compression = unsetWhenEmpty(z.enum(['gzip', 'none']).optional());

/** The OTEL_* variables; every one is optional, and a bad value is an issue at its own name. */
export const tracingSchema = z.object({
  OTEL_SDK_DISABLED: unsetWhenEmpty(z.string().optional()),
  OTEL_TRACES_EXPORTER: unsetWhenEmpty(
    z
      .string()
      .refine((text) => exporterNames(text).every((name) => name === 'otlp' || name === 'none'), 'only otlp or none are supported')
      .optional(),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: unsetWhenEmpty(z.url().optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: unsetWhenEmpty(z.url().optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: protocol,
  OTEL_EXPORTER_OTLP_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: keyValueList,
  OTEL_EXPORTER_OTLP_TIMEOUT: milliseconds,
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: milliseconds,
  OTEL_EXPORTER_OTLP_COMPRESSION: compression,
  OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: compression,
  OTEL_SERVICE_NAME: unsetWhenEmpty(z.string().min(1).optional()),
  OTEL_RESOURCE_ATTRIBUTES: keyValueList,
  OTEL_TRACES_SAMPLER: unsetWhenEmpty(z.enum(SAMPLERS).optional()),
  OTEL_TRACES_SAMPLER_ARG: unsetWhenEmpty(z.coerce.number().min(0).max(1).optional()),
  OTEL_BSP_SCHEDULE_DELAY: unsetWhenEmpty(z.coerce.number().int().min(0).optional()),
});

export type TracingEnv = z.output<typeof tracingSchema>;

/** How spans leave the process, when tracing is on. */
export interface TracingSettings<ServiceName extends string | undefined = string> {
  /** OTEL_SERVICE_NAME, else the caller's default (undefined when the process names itself later). */
  serviceName: ServiceName;
  /** OTEL_RESOURCE_ATTRIBUTES, decoded. */
  resourceAttributes: Record<string, string>;
  /** The full URL spans are posted to (…/v1/traces). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
  timeoutMs: number;
  compression: 'gzip' | 'none';
  sampler: (typeof SAMPLERS)[number];
  /** The ratio of the traceidratio samplers. */
  samplerRatio: number;
  /** How long finished spans wait to be sent in a batch (milliseconds). */
  scheduleDelayMs: number;
}

/**
 * The settings, or undefined when tracing is off. On when an OTLP exporter is named or an OTLP
 * endpoint is given (and OTEL_TRACES_EXPORTER is not `none`); OTEL_SDK_DISABLED=true always turns
 * it off. The default endpoint is a collector on this machine, as the specification says.
 */
export function tracingSettings<DefaultName extends string | undefined>(
  env: TracingEnv,
  defaultServiceName: DefaultName,
): TracingSettings<string | DefaultName> | undefined {
  const names = exporterNames(env.OTEL_TRACES_EXPORTER);
  const disabled = env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true';
  const wanted = names.includes('otlp') || (names.length === 0 && Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT));
  if (disabled || !wanted) return undefined;
  const base = (env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'http://localhost:4318').replace(/\/+$/, '');
  return {
    serviceName: env.OTEL_SERVICE_NAME ?? defaultServiceName,
    resourceAttributes: parseKeyValues(env.OTEL_RESOURCE_ATTRIBUTES) ?? {},
    url: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? `${base}/v1/traces`,
    protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf',
    headers: { ...parseKeyValues(env.OTEL_EXPORTER_OTLP_HEADERS), ...parseKeyValues(env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) },
    timeoutMs: env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? env.OTEL_EXPORTER_OTLP_TIMEOUT ?? 10_000,
    compression: env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION ?? env.OTEL_EXPORTER_OTLP_COMPRESSION ?? 'none',
    sampler: env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
    samplerRatio: env.OTEL_TRACES_SAMPLER_ARG ?? 1,
    scheduleDelayMs: env.OTEL_BSP_SCHEDULE_DELAY ?? 5000,
  };
}

/** `key=value,key2=value2` with percent-encoded values (the W3C baggage form); undefined when malformed. */
function parseKeyValues(text: string | undefined): Record<string, string> | undefined {
  const pairs: Record<string, string> = {};
  for (const entry of (text ?? '').split(',')) {
    if (entry.trim() === '') continue;
    const at = entry.indexOf('=');
    if (at <= 0) return undefined;
    try {
      pairs[decodeURIComponent(entry.slice(0, at).trim())] = decodeURIComponent(entry.slice(at + 1).trim());
    } catch {
      return undefined;
    }
  }
  return pairs;
}
