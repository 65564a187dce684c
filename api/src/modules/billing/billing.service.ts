import { createBillingCustomers } from './billing-customers.js';
import { createBillingReads } from './billing-reads.js';
import { createChargeCollector, type CollectionDeps } from './charge-collection.js';
import { createPaymentMethods } from './payment-methods.js';
import { createPurchases } from './purchase.js';
import { createSubscriptionChanges } from './subscription-changes.js';

/**
 * What customers do with billing: products, their payment methods, paying, and changing
 * subscriptions. Each use case lives in its own file; this gathers them for the routes.
 */
export function createBillingService(deps: CollectionDeps) {
  const collector = createChargeCollector(deps);
  const customers = createBillingCustomers(deps);
  return {
    ...createBillingReads(deps),
    ...createPaymentMethods(deps, customers),
    ...createPurchases(deps, customers, collector),
    ...createSubscriptionChanges(deps, customers, collector),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
