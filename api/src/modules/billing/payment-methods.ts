import type { Customer, PaymentMethod, PaymentMethodSetup } from '@cairn/shared/schemas/billing';
import type { Actor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import * as repo from './billing.repository.js';
import type { BillingCustomers } from './billing-customers.js';
import { toPaymentMethod } from './billing.mapper.js';
import { requireProvider, type CollectionDeps } from './charge-collection.js';

/** The caller's customer record and saved payment methods: listing, adding, choosing the primary one, removing. */
export function createPaymentMethods(deps: CollectionDeps, customers: BillingCustomers) {
  const { db } = deps;
  const provider = () => requireProvider(deps.provider);
  const { ensureCustomer, methodsOf } = customers;

  return {
    async getCustomer(actor: Actor): Promise<Customer> {
      const customer = await ensureCustomer(actor.userId);
      const { primary } = await methodsOf(customer);
      return { id: customer.customerId, provider: provider().name, default_payment_method: primary };
    },

    async listPaymentMethods(actor: Actor): Promise<PaymentMethod[]> {
      const { methods, primary } = await methodsOf(await ensureCustomer(actor.userId));
      return methods.map((m) => toPaymentMethod(m, m.id === primary));
    },

    async createPaymentMethodSetup(actor: Actor): Promise<PaymentMethodSetup> {
      const customer = await ensureCustomer(actor.userId);
      const setup = await provider().createSetup({ customerId: customer.customerId });
      const client = provider().clientConfig();
      return { provider: provider().name, setup_id: setup.setupId, client_secret: setup.clientSecret, sandbox_url: client.sandboxUrl, publishable_key: client.publishableKey };
    },

    async setPrimaryPaymentMethod(actor: Actor, paymentMethodId: string): Promise<void> {
      const customer = await ensureCustomer(actor.userId);
      const { methods } = await methodsOf(customer);
      if (!methods.some((m) => m.id === paymentMethodId)) throw notFound('The payment method does not exist');
      await repo.updateDefaultPaymentMethod(db, actor.userId, paymentMethodId);
    },

    async deletePaymentMethod(actor: Actor, paymentMethodId: string): Promise<void> {
      const customer = await ensureCustomer(actor.userId);
      const { methods, primary } = await methodsOf(customer);
      if (!methods.some((m) => m.id === paymentMethodId)) throw notFound('The payment method does not exist');
      if (methods.length === 1) {
        const subs = await repo.listSubscriptionsOfUser(db, actor.userId);
        const pending = await repo.listPendingRenewals(db, subs.map((s) => s.id));
        const active = subs.some((s) => s.status === 'provisioned' && pending.some((c) => c.subscriptionId === s.id && c.status !== 'cancelled' && c.status !== 'expiring'));
        if (active) throw badRequest('id: the only payment method cannot be removed while a subscription renews', 'payment_method_required');
      }
      await provider().detachPaymentMethod(customer.customerId, paymentMethodId);
      if (primary === paymentMethodId) await repo.updateDefaultPaymentMethod(db, actor.userId, methods.find((m) => m.id !== paymentMethodId)?.id ?? null);
    },
  };
}
