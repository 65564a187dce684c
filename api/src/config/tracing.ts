import { tracingSettings, type TracingEnv, type TracingSettings as OtelSettings } from '@cairn/shared/config/tracing-settings';

export { tracingSchema } from '@cairn/shared/config/tracing-settings';

/** Service name undefined unless OTEL_SERVICE_NAME is set: the API and the worker share this config and name themselves when tracing starts. */
export type TracingSettings = OtelSettings<string | undefined>;

export interface TracingSection {
  /** Undefined: tracing is off and no OpenTelemetry module is loaded. */
  tracing: TracingSettings | undefined;
}

export function tracingSection(env: TracingEnv): TracingSection {
  return { tracing: tracingSettings(env, undefined) };
}
