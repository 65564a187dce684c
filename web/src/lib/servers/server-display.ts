import { AGENT_EXIT_OUT_OF_MEMORY, type AgentServerState } from '@cairn/shared/schemas/node-agent';
import type { Server } from '@cairn/shared/schemas/servers';
import type { MessageId } from '../i18n/catalogs';

export type PillTone = 'green' | 'orange' | 'red' | 'muted';
export interface ServerPill {
  key: MessageId;
  tone: PillTone;
}

/** Crashed because the kernel's memory limit stopped it (its plan's memory was used up). */
export const stoppedOutOfMemory = (server: Server, liveState?: AgentServerState | null) =>
  (liveState ?? server.state) === 'crashed' && server.last_exit === AGENT_EXIT_OUT_OF_MEMORY;

/** The one word a card or header shows: where the server is in its life, else its power state. */
export function serverPill(server: Server, liveState?: AgentServerState): ServerPill {
  if (server.status === 'suspended') return { key: 'servers.status.suspended', tone: 'red' };
  if (server.status === 'unprovisioned') return { key: 'servers.status.unprovisioned', tone: 'orange' };
  if (server.status === 'installing') return { key: 'servers.status.installing', tone: 'orange' };
  const state = liveState ?? server.state;
  if (!state) return { key: 'servers.status.offline', tone: 'muted' };
  if (stoppedOutOfMemory(server, state)) return { key: 'servers.status.outOfMemory', tone: 'red' };
  const tone: PillTone = state === 'running' ? 'green' : state === 'crashed' ? 'red' : state === 'stopped' ? 'muted' : 'orange';
  return { key: `servers.status.${state}` as const, tone };
}

export function serverAddress(server: Server): string | undefined {
  return server.net ? `${server.net.host}:${server.net.port}` : undefined;
}

/** Whether suspension can be lifted by the customer (resubscribing) rather than by staff. */
export const canResubscribe = (server: Server) => server.suspension_reason === 'cancelled' || server.suspension_reason === 'paymentfailed';

/** Case-insensitive match on name, state (and status) and game version. */
export function matchesServerSearch(server: Server, query: string, stateLabel: string): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = [server.name, server.game_version, server.loader, server.status, server.state ?? '', stateLabel].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** MiB as the plans show it: whole GB from 1 GB up. */
export function formatMebibytes(mib: number): string {
  return mib >= 1024 ? `${Number((mib / 1024).toFixed(1))} GB` : `${mib} MB`;
}
