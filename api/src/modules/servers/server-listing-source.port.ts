import type { Executor } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { conflict } from '../../lib/errors.js';
import { requireServerAccess } from '../access/server.policy.js';
import { nodeAddresses } from './node-registry.js';
import { serverHost } from './servers.mapper.js';
import * as repo from './servers.repository.js';

/**
 * What public server listings (modules/server-listings) read of hosted servers: the address
 * players use, the game version and platform a listing made from a server's panel starts with,
 * and where the status ping reaches it.
 */
export interface ListableServer {
  id: string;
  name: string;
  /** What players type: the custom address when there is one, else the node's game host. */
  host: string;
  port: number;
  /** Where the status ping connects: the node's game host (a custom address may only resolve for players). */
  pingHost: string;
  gameVersion: string;
  loader: string;
}

async function listable(db: Executor, server: repo.ServerRow, domain: string | undefined): Promise<ListableServer | undefined> {
  if (server.deleted !== null || server.nodeId === null || server.port === null) return undefined;
  const node = await repo.findNode(db, server.nodeId);
  if (!node) return undefined;
  return {
    id: server.id,
    name: server.name,
    host: serverHost(server, node, domain),
    port: server.port,
    pingHost: nodeAddresses(node).gameHost,
    gameVersion: server.gameVersion,
    loader: server.loader,
  };
}

/**
 * The caller's hosted server as a listing starts from it: only its owner (and admins) may list it
 * (others get the servers' 404), and only once it is on a node (409 before).
 */
export async function findListableServer(db: Executor, actor: Actor, serverId: string, domain: string | undefined): Promise<ListableServer & { ownerId: number }> {
  const { server } = requireServerAccess(actor, await repo.findServer(db, serverId), undefined, 'owner');
  const found = await listable(db, server, domain);
  if (!found) throw conflict('server_id: the server is not on a node yet, so it has no address to list; wait until it is ready', 'server_not_ready');
  return { ...found, ownerId: server.ownerId };
}

/** A hosted server's current address (it follows moves and custom addresses); undefined once it is gone or off its node. */
export async function currentServerAddress(db: Executor, serverId: string, domain: string | undefined): Promise<ListableServer | undefined> {
  const server = await repo.findServer(db, serverId);
  return server ? listable(db, server, domain) : undefined;
}
