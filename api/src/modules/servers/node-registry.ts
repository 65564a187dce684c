import type { AgentIsolation } from '@cairn/shared/schemas/node-agent';
import type { Database, Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { randomId } from '../../lib/ids.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { agentClient } from './agent-client.js';
import { hasTunnel, isTunnelUrl } from './node-tunnel.js';
import * as repo from './servers.repository.js';

export interface NodeRegistration {
  name: string;
  url: string;
  token: string;
  publicUrl?: string;
  gameHost?: string;
  memoryLimitMib?: number;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/** Where browsers reach the node, and the address players connect to. */
export function nodeAddresses(node: Pick<repo.NodeRow, 'url' | 'publicUrl' | 'gameHost'>): { publicUrl: string; gameHost: string } {
  const publicUrl = node.publicUrl ?? node.url;
  return { publicUrl, gameHost: node.gameHost ?? new URL(publicUrl).hostname };
}

/** Memory servers may be given on the node. */
export const nodeCapacity = (node: repo.NodeRow) => Math.min(node.memoryMib, node.memoryLimitMib ?? Number.MAX_SAFE_INTEGER);

/** Adds a node (or updates the one with this URL) after it answered `GET /api/node` with this token. */
export async function registerNode(db: Executor, registration: NodeRegistration): Promise<repo.NodeRow> {
  const url = stripSlash(registration.url);
  // Tunnel addresses belong to own nodes, which enrol themselves.
  if (!/^https?:\/\//.test(url)) throw badRequest('url: must be an http or https address', 'invalid_input');
  let info;
  try {
    info = await agentClient({ url, token: registration.token }, 5000).info();
  } catch {
    throw badRequest('url: no node agent answers at this address with this token', 'node_unreachable');
  }
  const saving = repo.upsertNode(db, {
    id: Number(randomId()),
    name: registration.name,
    url,
    publicUrl: registration.publicUrl ? stripSlash(registration.publicUrl) : null,
    gameHost: registration.gameHost ?? null,
    token: registration.token,
    cpuCores: info.cpu_cores,
    memoryMib: info.memory_total_mib,
    memoryLimitMib: registration.memoryLimitMib ?? null,
    healthy: true,
    lastSeen: new Date(),
  });
  return saving.catch((error: unknown) => {
    if (isUniqueViolation(error)) throw badRequest('url: another node with another token has this address', 'node_conflict');
    throw error;
  });
}

/** A node as it answered just now: `isolation` is only known live (null when it did not answer). */
export type RefreshedNode = repo.NodeRow & { isolation: AgentIsolation | null };

/** Asks every node how it is; one that does not answer is marked unhealthy (no new servers go there). */
export async function refreshNodes(db: Database): Promise<RefreshedNode[]> {
  const nodes = await repo.listNodes(db);
  return Promise.all(
    nodes.map(async (node) => {
      // An own node's health follows its tunnel, which another process may hold: only its holder asks it.
      if (isTunnelUrl(node.url) && !hasTunnel(node.id)) return { ...node, isolation: null };
      try {
        const info = await agentClient(node, 3000).info();
        const set = { healthy: true, lastSeen: new Date(), cpuCores: info.cpu_cores, memoryMib: info.memory_total_mib };
        await repo.updateNode(db, node.id, set);
        return { ...node, ...set, isolation: info.isolation };
      } catch {
        await repo.updateNode(db, node.id, { healthy: false });
        return { ...node, healthy: false, isolation: null };
      }
    }),
  );
}
