import type { Charge, Product, SubscriptionEntry } from '@cairn/shared/schemas/billing';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { seesChargeNet } from '../access/billing.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import * as repo from './billing.repository.js';
import { toCharge, toProduct, toSubscription } from './billing.mapper.js';
import type { CollectionDeps } from './charge-collection.js';

/** Whose billing a read is about: the caller's, or (admins) the user named by `user_id`. */
function subjectOf(actor: Actor, userIdText: string | undefined): number {
  if (userIdText === undefined) return actor.userId;
  const userId = parseId(userIdText);
  if (userId === undefined) throw badRequest('user_id: not a valid id');
  if (!mayActForUser(actor, userId)) throw notFound('The user does not exist');
  return userId;
}

/** What billing shows: the products on sale, and a user's subscriptions and charges. */
export function createBillingReads(deps: CollectionDeps) {
  const { db } = deps;

  return {
    async listProducts(): Promise<Product[]> {
      const products = await repo.listProducts(db);
      const prices = await repo.listPricesOfProducts(db, products.map((p) => p.id));
      return products.map((product) => toProduct(product, prices.filter((p) => p.productId === product.id)));
    },

    async listSubscriptions(actor: Actor, userIdText?: string): Promise<SubscriptionEntry[]> {
      const subs = await repo.listSubscriptionsOfUser(db, subjectOf(actor, userIdText));
      const planIds = subs.filter((s) => s.metadata?.type === 'pyro').map((s) => s.id);
      const servers = deps.servers && planIds.length > 0 ? await deps.servers.serversOf(db, planIds) : new Map<number, { id: string; name: string }>();
      return subs.map((s) => ({ subscription: toSubscription(s), next_charge_tax_amount: null, server: servers.get(s.id) ?? null }));
    },

    async listPayments(actor: Actor, userIdText?: string): Promise<Charge[]> {
      const charges = await repo.listChargesOfUser(db, subjectOf(actor, userIdText));
      return charges.map((c) => toCharge(c, seesChargeNet(actor)));
    },
  };
}
