import type { Charge, PaymentMethod, Product, Subscription } from '@cairn/shared/schemas/billing';
import { encodeBase62 } from '../../lib/ids.js';
import type { ChargeRow, PriceRow, ProductRow, SubscriptionRow } from './billing.repository.js';
import type { ProviderPaymentMethod } from './providers/payment-provider.js';

export const toProduct = (product: ProductRow, prices: PriceRow[]): Product => ({
  id: encodeBase62(product.id),
  metadata: product.metadata,
  unitary: product.unitary,
  prices: prices.map((p) => ({ id: encodeBase62(p.id), product_id: encodeBase62(p.productId), prices: p.prices, currency_code: p.currencyCode })),
});

export const toSubscription = (s: SubscriptionRow): Subscription => ({
  id: encodeBase62(s.id),
  user_id: encodeBase62(s.userId),
  price_id: encodeBase62(s.priceId),
  interval: s.interval,
  status: s.status,
  created: s.created.toISOString(),
  metadata: s.metadata ?? null,
});

export const toCharge = (c: ChargeRow, forAdmin: boolean): Charge => ({
  id: encodeBase62(c.id),
  user_id: encodeBase62(c.userId),
  price_id: encodeBase62(c.priceId),
  amount: c.amount,
  currency_code: c.currencyCode,
  status: c.status,
  due: c.due.toISOString(),
  last_attempt: c.lastAttempt?.toISOString() ?? null,
  type: c.type,
  subscription_id: c.subscriptionId === null ? null : encodeBase62(c.subscriptionId),
  subscription_interval: c.subscriptionInterval,
  platform: c.platform,
  parent_charge_id: c.parentChargeId === null ? null : encodeBase62(c.parentChargeId),
  ...(forAdmin ? { net: c.net } : {}),
});

export const toPaymentMethod = (pm: ProviderPaymentMethod, primary: boolean): PaymentMethod => ({
  id: pm.id,
  type: pm.type,
  card: pm.card && { brand: pm.card.brand, last4: pm.card.last4, exp_month: pm.card.expMonth, exp_year: pm.card.expYear },
  primary,
  created: pm.created.toISOString(),
});
