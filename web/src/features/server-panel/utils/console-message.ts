import { AgentServerStateSchema, AgentStatsSchema, type AgentConsoleMessage } from '@cairn/shared/schemas/node-agent';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * One console WebSocket message (shared's AgentConsoleMessage), or undefined for anything else.
 * Checked by hand rather than with the shared discriminated union: zod's union code would land in
 * the zod chunk every page downloads first.
 */
export function decodeConsoleMessage(text: string): AgentConsoleMessage | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(data)) return undefined;
  switch (data.type) {
    case 'history':
      return Array.isArray(data.lines) && data.lines.every((line) => typeof line === 'string') ? { type: 'history', lines: data.lines as string[] } : undefined;
    case 'line':
      return typeof data.line === 'string' && (data.stream === 'stdout' || data.stream === 'stderr' || data.stream === 'agent') ? { type: 'line', stream: data.stream, line: data.line } : undefined;
    case 'state': {
      const state = AgentServerStateSchema.safeParse(data.state);
      return state.success ? { type: 'state', state: state.data } : undefined;
    }
    case 'stats': {
      const stats = AgentStatsSchema.safeParse(data.stats);
      return stats.success ? { type: 'stats', stats: stats.data } : undefined;
    }
    case 'error':
      return typeof data.error === 'string' ? { type: 'error', error: data.error, description: typeof data.description === 'string' ? data.description : '' } : undefined;
    default:
      return undefined;
  }
}
