import type { Charge, PaymentMethod, Product, SubscriptionEntry } from '@cairn/shared/schemas/billing';

/** Billing objects as the API answers them (shared/src/schemas/billing.ts), for msw handlers. */
export const PLUS_PRICE_ID = 'PlusUsd1';

export function buildPlusProduct(): Product {
  return {
    id: 'PlusProd1',
    metadata: { type: 'midas' },
    prices: [{ id: PLUS_PRICE_ID, product_id: 'PlusProd1', prices: { type: 'recurring', intervals: { monthly: 499, yearly: 4999 } }, currency_code: 'USD' }],
    unitary: true,
  };
}

export function buildSubscriptionEntry(overrides: Partial<SubscriptionEntry['subscription']> = {}, server: SubscriptionEntry['server'] = null): SubscriptionEntry {
  return {
    subscription: {
      id: 'Sub00001',
      user_id: 'User0001',
      price_id: PLUS_PRICE_ID,
      interval: 'monthly',
      status: 'provisioned',
      created: '2026-01-05T10:00:00.000Z',
      metadata: null,
      ...overrides,
    },
    next_charge_tax_amount: null,
    server,
  };
}

export function buildCharge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: 'Chg00001',
    user_id: 'User0001',
    price_id: PLUS_PRICE_ID,
    amount: 499,
    currency_code: 'USD',
    status: 'succeeded',
    due: '2026-01-05T10:00:00.000Z',
    last_attempt: '2026-01-05T10:00:00.000Z',
    type: 'subscription',
    subscription_id: 'Sub00001',
    subscription_interval: 'monthly',
    platform: 'sandbox',
    parent_charge_id: null,
    ...overrides,
  };
}

export function buildPaymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm_visa',
    type: 'card',
    card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2099 },
    primary: true,
    created: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
