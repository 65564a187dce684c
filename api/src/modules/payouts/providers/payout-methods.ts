import type { PayoutMethod, PayoutMethodType } from '@cairn/shared/schemas/payouts';

/** A withdrawal method as the processors offer it; `type` is the processor that carries it. */
type MethodTemplate = Omit<PayoutMethod, 'type'>;

const PAYPAL_FEE = { percent_bps: 200, min: 25, max: 2000 };

export const PAYPAL_METHOD: MethodTemplate = { id: 'paypal', name: 'PayPal', account: 'paypal', min_amount: 100, max_amount: 2_000_000, fee: PAYPAL_FEE };
/** Venmo pays US accounts only (PayPal Payouts carries it). */
export const VENMO_METHOD: MethodTemplate = { id: 'venmo', name: 'Venmo', account: 'venmo', min_amount: 100, max_amount: 2_000_000, fee: PAYPAL_FEE };
export const EMAIL_REWARD_METHOD: MethodTemplate = {
  id: 'tremendous',
  name: 'Gift card or bank transfer (by email)',
  account: 'email',
  min_amount: 500,
  max_amount: 1_000_000,
  fee: { percent_bps: 0, min: 0, max: null },
};
export const SANDBOX_TRANSFER_METHOD: MethodTemplate = {
  id: 'sandbox',
  name: 'Sandbox transfer (test money)',
  account: 'none',
  min_amount: 100,
  max_amount: 10_000_000,
  fee: { percent_bps: 0, min: 0, max: null },
};

const VENMO_COUNTRIES = new Set(['US']);

/** The templates a processor offers in a country (ISO code, upper case), stamped with its type. */
export function methodsIn(type: PayoutMethodType, country: string, templates: readonly MethodTemplate[]): PayoutMethod[] {
  return templates.filter((m) => m.account !== 'venmo' || VENMO_COUNTRIES.has(country)).map((m) => ({ ...m, type }));
}
