import { eq } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.js';
import { billingPrices, billingProducts, billingSubscriptions } from '../../src/db/schema/billing.js';
import { serverNodes, servers } from '../../src/db/schema/servers.js';
import { newId, randomId } from '../../src/lib/ids.js';

/** A node row (the API does not call it unless a test asks for its servers' state). */
export async function insertServerNode(db: Executor, fields: { name: string; url?: string; token?: string; memoryMib?: number }): Promise<number> {
  const id = Number(randomId());
  await db.insert(serverNodes).values({
    id,
    name: fields.name,
    url: fields.url ?? `http://127.0.0.1:1/${id}`,
    token: fields.token ?? `factory-node-token-${id}-0123456789abcdef`,
    memoryMib: fields.memoryMib ?? 8192,
    cpuCores: 2,
    healthy: true,
  });
  return id;
}

/**
 * A provisioned Small-plan subscription and its server row, as a purchase leaves them; with
 * `nodeId` the server is also recorded as available on that node (nothing runs there).
 */
export async function insertServer(db: Executor, fields: { ownerId: number; name?: string; nodeId?: number; port?: number }): Promise<string> {
  const [price] = await db
    .select({ id: billingPrices.id })
    .from(billingPrices)
    .innerJoin(billingProducts, eq(billingProducts.id, billingPrices.productId))
    .where(eq(billingProducts.slug, 'server-small'))
    .limit(1);
  const subscriptionId = Number(randomId());
  const id = newId();
  await db.insert(billingSubscriptions).values({ id: subscriptionId, userId: fields.ownerId, priceId: price!.id, interval: 'monthly', status: 'provisioned', metadata: { type: 'pyro', id } });
  await db.insert(servers).values({
    id,
    ownerId: fields.ownerId,
    subscriptionId,
    name: fields.name ?? 'Factory server',
    gameVersion: '1.21.4',
    ...(fields.nodeId === undefined ? {} : { nodeId: fields.nodeId, port: fields.port ?? 25565, memoryMib: 2048, cpuPercent: 100, storageMib: 8192, status: 'available' as const }),
  });
  return id;
}
