import type { BillingInterval, Product } from '@cairn/shared/schemas/billing';
import { formatBillingAmount } from './money';
import { amountFor, priceIn } from './subscriptions';

type Prices = Partial<Record<BillingInterval, string>>;

/** The server plans on sale (product metadata type `pyro`) with their prices as shown in `locale`, smallest first. */
export function serverPlanOffers(products: readonly Product[], locale: string, currency?: string) {
  const offers: Array<{ product: Product; name: string; cpu: number; ram: number; storage: number; stock: number; prices: Prices }> = [];
  for (const product of products) {
    if (product.metadata.type !== 'pyro') continue;
    const price = priceIn(product, currency);
    const prices: Prices = {};
    for (const interval of ['monthly', 'yearly'] as const) {
      const amount = price && amountFor(price, interval);
      if (price && amount !== undefined) prices[interval] = formatBillingAmount(amount, price.currency_code, locale);
    }
    const { name, cpu, ram, storage, stock } = product.metadata;
    offers.push({ product, name, cpu, ram, storage, stock, prices });
  }
  return offers.sort((a, b) => a.ram - b.ram);
}
