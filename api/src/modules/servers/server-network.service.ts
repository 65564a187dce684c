import { isIP } from 'node:net';
import { SERVER_ALLOCATIONS_MAX, type DnsRecord, type ServerAllocation, type ServerNetwork } from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/pg-errors.js';
import { agentClient } from './agent-client.js';
import { nodeAddresses } from './node-registry.js';
import * as optionsRepo from './server-options.repository.js';
import type { ServersService } from './servers.service.js';
import * as repo from './servers.repository.js';
import { recordActivity } from './server-activity.js';

/** Names that would be confusing or impersonate the operator. */
const RESERVED_SUBDOMAINS = new Set([
  'admin', 'administrator', 'billing', 'cairn', 'panel', 'servers', 'server', 'staff', 'status', 'support',
  'moderator', 'localhost', 'example', 'email', 'webmail', 'static', 'assets', 'download', 'downloads', 'official',
]);

const PRIMARY_NAME = 'Primary';

/** Options › Network: extra ports from the node's range and the custom address. */
export function createServerNetworkService(deps: { db: Database; servers: ServersService; portRange: { first: number; last: number }; domain: string | undefined }) {
  const { db, servers } = deps;

  async function placedServer(actor: Actor, id: string, doing: string) {
    const server = await servers.visible(actor, id, 'options');
    const node = await servers.placed(server, doing);
    return { server, node };
  }

  async function listFor(server: repo.ServerRow): Promise<ServerAllocation[]> {
    const extra = await optionsRepo.listAllocations(db, server.id);
    return [{ port: server.port!, name: PRIMARY_NAME, primary: true }, ...extra.map((a) => ({ port: a.port, name: a.name, primary: false }))];
  }

  function subdomainProblem(subdomain: string): string | null {
    if (RESERVED_SUBDOMAINS.has(subdomain)) return `subdomain: ${subdomain} is reserved`;
    return null;
  }

  return {
    async allocations(actor: Actor, id: string) {
      const { server } = await placedServer(actor, id, 'list its ports');
      return { allocations: await listFor(server), max: SERVER_ALLOCATIONS_MAX };
    },

    /** Gives the server the lowest free port of the node's range; the node passes them to the game at the next start. */
    async createAllocation(actor: Actor, id: string, name: string): Promise<ServerAllocation> {
      const { server, node } = await placedServer(actor, id, 'get another port');
      servers.requireReady(server, 'get another port');
      return db.transaction(async (tx) => {
        await optionsRepo.lockNodePorts(tx, node.id);
        const existing = await optionsRepo.listAllocations(tx, server.id);
        if (existing.length >= SERVER_ALLOCATIONS_MAX) throw conflict(`name: a server has at most ${SERVER_ALLOCATIONS_MAX} extra ports; delete one first`, 'allocation_limit_reached');
        const used = new Set(await repo.usedPorts(tx, node.id));
        let port: number | undefined;
        for (let p = deps.portRange.first; p <= deps.portRange.last && port === undefined; p++) if (!used.has(p)) port = p;
        if (port === undefined) throw conflict("name: the server's node has no free port left", 'no_free_port');
        await optionsRepo.insertAllocation(tx, { serverId: server.id, nodeId: node.id, port, name });
        // Inside the transaction: a node that cannot take it leaves no row behind.
        await agentClient(node).setOptions(server.id, { extra_ports: [...existing.map((a) => a.port), port] });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'port_added', detail: `${port} (${name})` });
        return { port, name, primary: false };
      });
    },

    async renameAllocation(actor: Actor, id: string, port: number, name: string): Promise<ServerAllocation> {
      const { server } = await placedServer(actor, id, 'rename a port');
      if (port === server.port) throw badRequest('port: the primary port cannot be renamed', 'primary_allocation');
      await db.transaction(async (tx) => {
        if (!(await optionsRepo.updateAllocationName(tx, server.id, port, name))) throw notFound('The allocation does not exist');
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'port_renamed', detail: `${port} (${name})` });
      });
      return { port, name, primary: false };
    },

    async deleteAllocation(actor: Actor, id: string, port: number): Promise<void> {
      const { server, node } = await placedServer(actor, id, 'release a port');
      if (port === server.port) throw badRequest('port: the primary port cannot be deleted', 'primary_allocation');
      await db.transaction(async (tx) => {
        if (!(await optionsRepo.deleteAllocation(tx, server.id, port))) throw notFound('The allocation does not exist');
        const rest = await optionsRepo.listAllocations(tx, server.id);
        await agentClient(node).setOptions(server.id, { extra_ports: rest.map((a) => a.port) });
        await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'port_removed', detail: String(port) });
      });
    },

    async network(actor: Actor, id: string): Promise<ServerNetwork> {
      const server = await servers.visible(actor, id, 'view');
      const node = server.nodeId === null ? undefined : await repo.findNode(db, server.nodeId);
      return { subdomain: server.subdomain, domain: deps.domain ?? null, dns_records: node ? dnsRecords(server, node, deps.domain) : [] };
    },

    async subdomainAvailability(subdomain: string): Promise<{ available: boolean; reason: string | null }> {
      const wanted = subdomain.toLowerCase();
      const problem = subdomainProblem(wanted);
      if (problem) return { available: false, reason: problem };
      if (await optionsRepo.findServerBySubdomain(db, wanted)) return { available: false, reason: `subdomain: ${wanted} is already taken` };
      return { available: true, reason: null };
    },

    async setSubdomain(actor: Actor, id: string, subdomain: string): Promise<ServerNetwork> {
      const server = await servers.visible(actor, id, 'options');
      const wanted = subdomain.toLowerCase();
      const problem = subdomainProblem(wanted);
      if (problem) throw badRequest(problem, 'subdomain_reserved');
      const owner = await optionsRepo.findServerBySubdomain(db, wanted);
      if (owner && owner.id !== server.id) throw conflict(`subdomain: ${wanted} is already taken`, 'subdomain_taken');
      await db
        .transaction(async (tx) => {
          await repo.updateServer(tx, server.id, { subdomain: wanted });
          await recordActivity(tx, { serverId: server.id, actorId: actor.userId, kind: 'options', action: 'subdomain', detail: wanted });
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict(`subdomain: ${wanted} is already taken`, 'subdomain_taken');
          throw error;
        });
      return this.network(actor, id);
    },
  };
}

/** The records an operator creates so `{subdomain}.{domain}` reaches the server (SRV carries the port). */
export function dnsRecords(server: repo.ServerRow, node: repo.NodeRow, domain: string | undefined): DnsRecord[] {
  if (!domain || !server.subdomain || server.port === null) return [];
  const name = `${server.subdomain}.${domain}`;
  const host = nodeAddresses(node).gameHost;
  return [
    isIP(host) ? { type: 'A', name, content: host } : { type: 'CNAME', name, content: host },
    { type: 'SRV', name: `_minecraft._tcp.${name}`, content: `0 5 ${server.port} ${name}` },
  ];
}

export type ServerNetworkService = ReturnType<typeof createServerNetworkService>;
