import type { BillingInterval, Customer, EditSubscriptionBody, PaymentMethod, PaymentMethodSetup, PaymentResult, Charge, Product, SubscriptionChange, SubscriptionEntry } from '@cairn/shared/schemas/billing';
import type { CreatePaymentBody } from '@cairn/shared/schemas/billing-requests';
import type { NewServerOptions } from '@cairn/shared/schemas/servers';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { seesChargeNet } from '../access/billing.policy.js';
import { mayActForUser } from '../access/user.policy.js';
import { intervalAmount, periodStartFor, prorate } from './billing-time.js';
import * as repo from './billing.repository.js';
import { toCharge, toPaymentMethod, toProduct, toSubscription } from './billing.mapper.js';
import { createChargeCollector, requireProvider, type AttemptResult, type CollectionDeps } from './charge-collection.js';
import type { ProviderPaymentMethod } from './providers/payment-provider.js';
import { announceSubscriptionChange } from './server-plans.port.js';

/** What customers do with billing: products, their payment methods, paying, and changing subscriptions. */
export function createBillingService(deps: CollectionDeps) {
  const { db, clock } = deps;
  const collector = createChargeCollector(deps);
  const provider = () => requireProvider(deps.provider);

  /** The user's customer at the provider, created on first use (serialized per user). */
  async function ensureCustomer(userId: number): Promise<repo.CustomerRow> {
    const existing = await repo.findCustomer(db, userId);
    if (existing) return existing;
    return db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      const again = await repo.findCustomer(tx, userId);
      if (again) return again;
      const contact = await repo.findUserContact(tx, userId);
      if (!contact) throw notFound('The user does not exist');
      const { customerId } = await provider().createCustomer({ userId: encodeBase62(userId), email: contact.email, username: contact.username });
      await repo.insertCustomer(tx, { userId, provider: provider().name, customerId });
      return (await repo.findCustomer(tx, userId))!;
    });
  }

  /** Saved methods, with the primary one settled: the oldest becomes primary when none is. */
  async function methodsOf(customer: repo.CustomerRow): Promise<{ methods: ProviderPaymentMethod[]; primary: string | null }> {
    const methods = await provider().listPaymentMethods(customer.customerId);
    let primary = customer.defaultPaymentMethod;
    if (!methods.some((m) => m.id === primary)) {
      primary = methods[0]?.id ?? null;
      await repo.updateDefaultPaymentMethod(db, customer.userId, primary);
    }
    return { methods, primary };
  }

  async function requireOwnMethod(customer: repo.CustomerRow, paymentMethodId: string, field: string): Promise<void> {
    const { methods } = await methodsOf(customer);
    if (!methods.some((m) => m.id === paymentMethodId)) throw badRequest(`${field}: no such saved payment method`, 'invalid_payment_method');
  }


  /** Whose billing a read is about: the caller's, or (admins) the user named by `user_id`. */
  function subjectOf(actor: Actor, userIdText: string | undefined): number {
    if (userIdText === undefined) return actor.userId;
    const userId = parseId(userIdText);
    if (userId === undefined) throw badRequest('user_id: not a valid id');
    if (!mayActForUser(actor, userId)) throw notFound('The user does not exist');
    return userId;
  }

  function toResult(result: AttemptResult): PaymentResult {
    const { charge, payment } = result;
    return {
      charge_id: encodeBase62(charge.id),
      payment_intent_id: payment?.id ?? charge.providerPaymentId ?? '',
      status: payment ? payment.status : charge.status === 'succeeded' ? 'succeeded' : 'failed',
      client_secret: payment?.status === 'requires_action' ? payment.clientSecret : null,
      price_id: encodeBase62(charge.priceId),
      total: charge.amount,
      currency_code: charge.currencyCode,
      failure: payment?.status === 'failed' ? payment.failureCode : payment ? null : charge.failure,
    };
  }

  async function findPriceFor(productId: number, currency: string): Promise<repo.PriceRow> {
    const price = (await repo.findPriceOf(db, productId, currency.toUpperCase())) ?? (await repo.findPriceOf(db, productId, 'USD'));
    if (!price) throw badRequest('charge.currency: the product has no price in this currency');
    return price;
  }

  /** A new subscription, unprovisioned until its first charge (returned, open and due now) is paid. */
  async function openSubscription(actor: Actor, product: repo.ProductRow, price: repo.PriceRow, interval: BillingInterval, amount: number, server?: NewServerOptions): Promise<number> {
    return db.transaction(async (tx) => {
      // Two purchases at once (double click, two tabs) are serialized here: the second sees the first.
      await repo.lockUser(tx, actor.userId);
      if (product.unitary) {
        const existing = await repo.listSubscriptionsOnProduct(tx, actor.userId, product.id);
        const pending = await repo.listPendingRenewals(tx, existing.map((e) => e.subscription.id));
        const held = existing.some(({ subscription: s }) => s.status === 'provisioned' || pending.some((c) => c.subscriptionId === s.id && c.status === 'processing'));
        if (held) throw conflict('You already have this subscription', 'already_subscribed');
        // The same plan bought a moment ago and not charged yet (the other of two requests sent at
        // once, or an attempt cut short): this purchase pays that charge instead of opening a second
        // subscription, and whichever attempt comes second finds it no longer payable.
        const unpaid = pending.find(
          (c) =>
            c.status === 'open' &&
            c.priceId === price.id &&
            c.subscriptionInterval === interval &&
            existing.some(({ subscription: s }) => s.id === c.subscriptionId && s.status === 'unprovisioned'),
        );
        if (unpaid && !server) return unpaid.id;
      }
      const sub = await repo.insertSubscription(tx, { userId: actor.userId, priceId: price.id, interval, status: 'unprovisioned', metadata: null });
      if (server && deps.servers) {
        const serverId = await deps.servers.create(tx, { userId: actor.userId, subscriptionId: sub.id, options: server });
        await repo.updateSubscription(tx, sub.id, { metadata: { type: 'pyro', id: serverId } });
      }
      const charge = await repo.insertCharge(tx, {
        userId: actor.userId,
        priceId: price.id,
        amount,
        currencyCode: price.currencyCode,
        status: 'open',
        type: 'subscription',
        due: clock(),
        subscriptionId: sub.id,
        subscriptionInterval: interval,
        platform: provider().name,
        parentChargeId: null,
      });
      return charge.id;
    });
  }

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

    async createPayment(actor: Actor, body: CreatePaymentBody): Promise<PaymentResult> {
      const customer = await ensureCustomer(actor.userId);
      await requireOwnMethod(customer, body.payment_method_id, 'payment_method_id');
      if (customer.defaultPaymentMethod === null) await repo.updateDefaultPaymentMethod(db, actor.userId, body.payment_method_id, true);

      if (body.charge.type === 'existing') {
        const chargeId = parseId(body.charge.id);
        const charge = chargeId === undefined ? undefined : await repo.findCharge(db, chargeId);
        if (!charge || !mayActForUser(actor, charge.userId)) throw notFound('The charge does not exist');
        if (charge.type === 'refund') throw badRequest('charge.id: a refund cannot be paid');
        return toResult(await collector.attempt(charge.id, { offSession: false, paymentMethodId: body.payment_method_id }));
      }

      const order = body.charge;
      const productId = parseId(order.product_id);
      const product = productId === undefined ? undefined : await repo.findProduct(db, productId);
      if (!product) throw badRequest('charge.product_id: no such product');
      const price = await findPriceFor(product.id, order.currency ?? 'USD');
      const interval = order.interval ?? 'monthly';
      const amount = intervalAmount(price.prices, interval);
      if (amount === undefined) throw badRequest(`charge.interval: the product is not sold ${interval}`);
      const serverOptions = order.server;
      if (product.metadata.type === 'pyro' && !serverOptions) throw badRequest('charge.server: required for a server plan (name, optional game_version)');
      if (product.metadata.type !== 'pyro' && serverOptions) throw badRequest('charge.server: only server plans take server options');
      if (serverOptions && !deps.servers) throw serviceUnavailable('Game servers are not available on this instance', 'servers_unavailable');
      if (product.metadata.type !== 'pyro') return toResult(await collector.attempt(await openSubscription(actor, product, price, interval, amount), { offSession: false, paymentMethodId: body.payment_method_id }));
      // Purchases of one server plan are serialized until the payment has provisioned (and so taken
      // its unit of stock): of two buyers of the last unit, the second finds it sold out.
      return db.transaction(async (tx) => {
        if (!(await repo.lockProductStock(tx, product.id, 10_000))) throw conflict('Another purchase of this plan is being paid; try again in a moment', 'purchase_in_progress');
        const current = await repo.findProduct(tx, product.id);
        if (current?.metadata.type !== 'pyro' || current.metadata.stock <= 0) throw badRequest('charge.product_id: this plan is out of stock', 'out_of_stock');
        return toResult(await collector.attempt(await openSubscription(actor, product, price, interval, amount, serverOptions), { offSession: false, paymentMethodId: body.payment_method_id }));
      });
    },

    async editSubscription(actor: Actor, idText: string, body: EditSubscriptionBody, dry: boolean): Promise<SubscriptionChange> {
      const id = parseId(idText);
      const sub = id === undefined ? undefined : await repo.findSubscription(db, id);
      if (!sub || !mayActForUser(actor, sub.userId)) throw notFound('The subscription does not exist');
      const price = await repo.findPrice(db, sub.priceId);
      const nothing: SubscriptionChange = { charge: null, amount_due: 0, currency_code: price?.currencyCode ?? 'USD', payment_intent_id: null, client_secret: null };

      if (body.payment_method !== undefined && !dry) {
        const customer = await ensureCustomer(sub.userId);
        await requireOwnMethod(customer, body.payment_method, 'payment_method');
        await repo.updateDefaultPaymentMethod(db, sub.userId, body.payment_method);
      }

      if (body.cancelled !== undefined) {
        if (dry) return nothing;
        const retry = await db.transaction(async (tx) => {
          const pending = await repo.findPendingRenewal(tx, sub.id, true);
          if (!pending) throw conflict('The subscription has no renewal to change', 'no_pending_renewal');
          if (body.cancelled) {
            // A running period ends at its due date (`expiring`); a failed renewal's period is already over (`cancelled`).
            if (pending.status === 'open') await repo.updateCharge(tx, pending.id, { status: sub.status === 'provisioned' ? 'expiring' : 'cancelled', nextAttempt: null });
            else if (pending.status === 'failed') await repo.updateCharge(tx, pending.id, { status: 'cancelled', nextAttempt: null });
            else if (pending.status === 'processing') throw conflict('The renewal is being charged right now; try again in a moment', 'charge_processing');
            return undefined;
          }
          if (pending.status !== 'cancelled' && pending.status !== 'expiring' && pending.status !== 'failed') return undefined;
          await repo.updateCharge(tx, pending.id, { status: pending.status === 'failed' ? 'failed' : 'open' });
          // Re-opened after its period ended (or still failed): charge it now rather than wait.
          return pending.status === 'failed' || pending.due <= clock() || sub.status !== 'provisioned' ? pending.id : undefined;
        });
        if (retry !== undefined) {
          const result = await collector.attempt(retry, { offSession: false, paymentMethodId: body.payment_method });
          return { ...nothing, charge: toCharge(result.charge, seesChargeNet(actor)), amount_due: result.charge.amount, payment_intent_id: result.payment?.id ?? null, client_secret: result.payment?.status === 'requires_action' ? result.payment.clientSecret : null };
        }
        return nothing;
      }

      if (body.interval === undefined && body.product === undefined) return nothing;
      const pending = await repo.findPendingRenewal(db, sub.id);
      if (sub.status !== 'provisioned' || !pending || pending.status === 'cancelled' || pending.status === 'expiring') {
        throw badRequest('interval: only a running, not cancelled subscription can change plan or interval', 'subscription_not_active');
      }
      const current = await repo.findProductOfPrice(db, sub.priceId);
      let newPrice = current!.price;
      if (body.product !== undefined) {
        const productId = parseId(body.product);
        const product = productId === undefined ? undefined : await repo.findProduct(db, productId);
        if (!product || product.metadata.type !== current!.product.metadata.type || product.unitary) throw badRequest('product: not a plan this subscription can move to');
        if (product.metadata.type === 'pyro' && product.id !== current!.product.id) {
          // Spec §5: server upgrades are blocked when the plan is out of stock (or the node has no room).
          if (product.metadata.stock <= 0) throw badRequest('product: this plan is out of stock, so the server cannot be upgraded to it', 'out_of_stock');
          await deps.servers?.checkPlanChange(db, { subscriptionId: sub.id, ram: product.metadata.ram });
        }
        newPrice = await findPriceFor(product.id, current!.price.currencyCode);
      }
      const interval = body.interval ?? sub.interval;
      const newAmount = intervalAmount(newPrice.prices, interval);
      if (newAmount === undefined) throw badRequest(`interval: the plan is not sold ${interval}`);
      const now = clock();
      const amountDue = prorate({ oldAmount: pending.amount, newAmount, periodStart: periodStartFor(pending.due, sub.interval), periodEnd: pending.due, now });
      const preview: SubscriptionChange = { charge: null, amount_due: amountDue, currency_code: newPrice.currencyCode, payment_intent_id: null, client_secret: null };
      if (dry) return preview;
      if (amountDue === 0) {
        // A cheaper plan or shorter interval: nothing is refunded, the next renewal charges the new price.
        await db.transaction(async (tx) => {
          await repo.updateSubscription(tx, sub.id, { priceId: newPrice.id, interval });
          await repo.updateCharge(tx, pending.id, { priceId: newPrice.id, amount: newAmount, subscriptionInterval: interval });
          await announceSubscriptionChange(tx, sub.id);
        });
        return preview;
      }
      const proration = await repo.insertCharge(db, {
        userId: sub.userId,
        priceId: newPrice.id,
        amount: amountDue,
        currencyCode: newPrice.currencyCode,
        status: 'open',
        type: 'proration',
        due: now,
        subscriptionId: sub.id,
        subscriptionInterval: interval,
        platform: provider().name,
        parentChargeId: null,
      });
      const result = await collector.attempt(proration.id, { offSession: false, paymentMethodId: body.payment_method });
      if (result.charge.status === 'failed') throw badRequest(`payment_method: the change was not paid (${result.charge.failure ?? 'declined'})`, 'payment_failed');
      return {
        ...preview,
        charge: toCharge(result.charge, seesChargeNet(actor)),
        payment_intent_id: result.payment?.id ?? null,
        client_secret: result.payment?.status === 'requires_action' ? result.payment.clientSecret : null,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
