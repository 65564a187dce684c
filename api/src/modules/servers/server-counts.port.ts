import type { Executor } from '../../db/client.js';
import type { ServerRow } from './servers.repository.js';
import { serverCountByStatus } from './servers.repository.js';

const STATUSES: ReadonlyArray<ServerRow['status']> = ['unprovisioned', 'installing', 'available', 'suspended'];

/** Hosted servers (not deleted) by status, every status present (0 when none), for the process's metrics. */
export async function countServersByStatus(db: Executor): Promise<Map<string, number>> {
  const counts = await serverCountByStatus(db);
  return new Map(STATUSES.map((status) => [status, counts.get(status) ?? 0]));
}
