import type { NewServerOptions } from '@cairn/shared/schemas/servers';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import * as repo from './billing.repository.js';

/**
 * Billing's side of hosted servers. Billing never imports the servers module: the servers module
 * implements `ServerPurchases` and app.ts hands it to billing, and it learns that a plan
 * subscription started or ended from `SUBSCRIPTION_CHANNEL` notifications (sent at commit).
 */
export interface ServerPurchases {
  /** Creates the `unprovisioned` server of a new plan subscription inside the purchase's transaction; returns its id. */
  create(tx: Executor, order: { userId: number; subscriptionId: number; options: NewServerOptions }): Promise<string>;
  /** Throws (4xx) when the subscription's server cannot move to a plan with this much memory (its node lacks room). */
  checkPlanChange(db: Executor, change: { subscriptionId: number; ram: number }): Promise<void>;
  /** The servers these subscriptions pay for, by subscription id: those their owner can open (not deleted, not a purchase never paid). */
  serversOf(db: Executor, subscriptionIds: number[]): Promise<Map<number, { id: string; name: string }>>;
}

export const SUBSCRIPTION_CHANNEL = 'subscription_changed';

/** Tells listeners (the servers module) at commit that this subscription was provisioned, unprovisioned or changed plan. */
export async function announceSubscriptionChange(tx: Executor, subscriptionId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${SUBSCRIPTION_CHANNEL}, ${String(subscriptionId)})`);
}

export interface ServerSubscription {
  userId: number;
  status: 'provisioned' | 'unprovisioned';
  plan: { productId: number; name: string; cpu: number; ram: number; swap: number; storage: number };
  /** Why an unprovisioned subscription ended: its last renewal failed, or it was cancelled (or never paid). */
  endedBy: 'paymentfailed' | 'cancelled';
}

/** Server plan subscriptions as the servers module needs them, by id; other subscriptions are left out. */
export async function findServerSubscriptions(db: Executor, subscriptionIds: number[]): Promise<Map<number, ServerSubscription>> {
  const rows = await repo.listSubscriptionsWithProduct(db, subscriptionIds);
  const renewals = await repo.listPendingRenewals(db, rows.map((r) => r.subscription.id));
  const found = new Map<number, ServerSubscription>();
  for (const { subscription: sub, product } of rows) {
    const metadata = product.metadata;
    if (metadata.type !== 'pyro') continue;
    const renewal = renewals.find((c) => c.subscriptionId === sub.id);
    found.set(sub.id, {
      userId: sub.userId,
      status: sub.status,
      plan: { productId: product.id, name: metadata.name, cpu: metadata.cpu, ram: metadata.ram, swap: metadata.swap, storage: metadata.storage },
      endedBy: renewal?.status === 'failed' ? 'paymentfailed' : 'cancelled',
    });
  }
  return found;
}

/** A server plan subscription as the servers module needs it; undefined for other subscriptions. */
export async function findServerSubscription(db: Executor, subscriptionId: number): Promise<ServerSubscription | undefined> {
  return (await findServerSubscriptions(db, [subscriptionId])).get(subscriptionId);
}
