import type { TracingSettings } from '@cairn/shared/config/tracing-settings';
import type { FastifyInstance } from 'fastify';

/**
 * The agent's OpenTelemetry tracing (docs/operations.md, "Tracing"): a server span per request,
 * continuing the API's trace from `traceparent`. Nothing of OpenTelemetry is imported here; the
 * SDK (tracing-sdk.ts) is loaded only when the OTEL_* variables turn tracing on.
 */
export interface AgentTracing {
  instrumentServer(app: FastifyInstance): void;
  shutdown(): Promise<void>;
}

let active: AgentTracing | undefined;

/** Turns tracing on when `settings` says so (config.tracing); call it before buildAgent. */
export async function startTracing(settings: TracingSettings | undefined, nodeId: string, warn: (message: string) => void): Promise<AgentTracing | undefined> {
  if (!settings) return undefined;
  const { createTracing } = await import('./tracing-sdk.js');
  const tracing = await createTracing(settings, nodeId, warn);
  active = tracing;
  return {
    instrumentServer: tracing.instrumentServer,
    async shutdown() {
      if (active === tracing) active = undefined;
      await tracing.shutdown();
    },
  };
}

/** Server spans for every request of the agent (nothing is added when tracing is off). */
export function traceRequests(app: FastifyInstance): void {
  active?.instrumentServer(app);
}
