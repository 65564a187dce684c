import type { Executor } from '../client.js';
import { billingPrices, billingProducts } from '../schema/billing.js';
import { randomId } from '../../lib/ids.js';
import { PLUS_PRICES, PLUS_SLUG, SERVER_PLANS } from '../../modules/billing/price-table.js';

/** Seeds the billing products and prices once (by slug), so admins' later edits stay. */
export async function seedBillingProducts(db: Executor): Promise<void> {
  const products = [
    {
      slug: PLUS_SLUG,
      metadata: { type: 'midas' } as const,
      unitary: true,
      prices: PLUS_PRICES.map(([currency, monthly, yearly]) => ({ currency, monthly, yearly })),
    },
    ...SERVER_PLANS.map((plan) => ({ slug: plan.slug, metadata: plan.metadata, unitary: false, prices: [{ currency: 'USD', monthly: plan.monthly, yearly: plan.monthly * 10 }] })),
  ];
  for (const product of products) {
    const [inserted] = await db
      .insert(billingProducts)
      .values({ id: Number(randomId()), slug: product.slug, metadata: product.metadata, unitary: product.unitary })
      .onConflictDoNothing({ target: billingProducts.slug })
      .returning({ id: billingProducts.id });
    if (!inserted) continue;
    await db.insert(billingPrices).values(
      product.prices.map((p) => ({
        id: Number(randomId()),
        productId: inserted.id,
        currencyCode: p.currency,
        prices: { type: 'recurring' as const, intervals: { monthly: p.monthly, yearly: p.yearly } },
      })),
    );
  }
}
