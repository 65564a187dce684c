import type { BillingInterval, Charge, Product, ProductPrice, SubscriptionEntry } from '@cairn/shared/schemas/billing';

export interface PriceInfo {
  product: Product;
  price: ProductPrice;
}

/** The product and price a subscription or charge was bought at. */
export function findPrice(products: readonly Product[], priceId: string): PriceInfo | undefined {
  for (const product of products) {
    const price = product.prices.find((p) => p.id === priceId);
    if (price) return { product, price };
  }
  return undefined;
}

export function amountFor(price: ProductPrice, interval: BillingInterval | null): number | undefined {
  if (price.prices.type === 'one-time') return price.prices.price;
  return interval ? price.prices.intervals[interval] : undefined;
}

/** The Plus product (metadata type `midas`). */
export const plusProduct = (products: readonly Product[]) => products.find((p) => p.metadata.type === 'midas');

/** The price people see: in `currency` when the product has one, else in US dollars. */
export function priceIn(product: Product, currency = 'USD'): ProductPrice | undefined {
  return product.prices.find((p) => p.currency_code === currency) ?? product.prices.find((p) => p.currency_code === 'USD') ?? product.prices[0];
}

const PENDING: ReadonlySet<Charge['status']> = new Set(['open', 'failed', 'cancelled', 'expiring', 'processing']);

/**
 * A subscription's upcoming charge: the one not yet settled (open, failed, processing, cancelled
 * or expiring), whose due date is when it renews — or, cancelled, when its perks end.
 */
export function nextCharge(subscriptionId: string, charges: readonly Charge[]): Charge | undefined {
  return charges
    .filter((c) => c.subscription_id === subscriptionId && c.type !== 'refund' && PENDING.has(c.status))
    .sort((a, b) => Date.parse(b.due) - Date.parse(a.due))[0];
}

/**
 * A failed charge of one of the user's subscriptions: the billing banner's reason to show. A
 * failed charge stays failed until a retry succeeds or the subscription is cancelled or expires.
 */
export function failedRenewal(subscriptions: readonly SubscriptionEntry[], charges: readonly Charge[]): Charge | undefined {
  const active = new Set(subscriptions.map((s) => s.subscription.id));
  return charges.find((c) => c.status === 'failed' && c.subscription_id !== null && active.has(c.subscription_id));
}

/** Newest first. */
export const byDueDescending = (a: Charge, b: Charge) => Date.parse(b.due) - Date.parse(a.due);
