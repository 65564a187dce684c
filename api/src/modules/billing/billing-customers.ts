import { withAdvisoryLock, AdvisoryLockTimeoutError } from '../../db/advisory-lock.js';
import { badRequest, notFound, serviceUnavailable } from '../../lib/errors.js';
import { encodeBase62 } from '../../lib/ids.js';
import * as repo from './billing.repository.js';
import { requireProvider, type CollectionDeps } from './charge-collection.js';
import type { ProviderPaymentMethod } from './providers/payment-provider.js';

/** Longer than the providers' own request timeout (15 s), so a waiter outlasts one slow creation. */
const CUSTOMER_LOCK_TIMEOUT_MS = 30_000;

/** Each user's customer record at the payment provider and the payment methods saved there. */
export function createBillingCustomers(deps: CollectionDeps) {
  const { db } = deps;
  const provider = () => requireProvider(deps.provider);

  /**
   * The user's customer at the provider, created on first use. Creations for one user are
   * serialized by a session-level lock, not a transaction, because creating asks the provider.
   */
  async function ensureCustomer(userId: number): Promise<repo.CustomerRow> {
    const existing = await repo.findCustomer(db, userId);
    if (existing) return existing;
    try {
      return await withAdvisoryLock(db, `billing-customer:${userId}`, { timeoutMs: CUSTOMER_LOCK_TIMEOUT_MS }, async () => {
        const again = await repo.findCustomer(db, userId);
        if (again) return again;
        const contact = await repo.findUserContact(db, userId);
        if (!contact) throw notFound('The user does not exist');
        const { customerId } = await provider().createCustomer({ userId: encodeBase62(userId), email: contact.email, username: contact.username });
        await repo.insertCustomer(db, { userId, provider: provider().name, customerId });
        return (await repo.findCustomer(db, userId))!;
      });
    } catch (error) {
      if (error instanceof AdvisoryLockTimeoutError) throw serviceUnavailable('The payment processor could not be reached; try again shortly', 'payments_unavailable');
      throw error;
    }
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

  /** Throws a 400 naming `field` unless the method is one of the customer's saved ones. */
  async function requireOwnMethod(customer: repo.CustomerRow, paymentMethodId: string, field: string): Promise<void> {
    const { methods } = await methodsOf(customer);
    if (!methods.some((m) => m.id === paymentMethodId)) throw badRequest(`${field}: no such saved payment method`, 'invalid_payment_method');
  }

  return { ensureCustomer, methodsOf, requireOwnMethod };
}

export type BillingCustomers = ReturnType<typeof createBillingCustomers>;
