import type { Executor } from '../../db/client.js';
import * as repo from './servers.repository.js';

/** The lowest game port of the range no live server on the node uses; undefined when all are taken. */
export async function firstFreePort(tx: Executor, nodeId: number, range: { first: number; last: number }): Promise<number | undefined> {
  const used = new Set(await repo.usedPorts(tx, nodeId));
  for (let port = range.first; port <= range.last; port++) if (!used.has(port)) return port;
  return undefined;
}
