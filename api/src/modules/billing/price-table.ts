import type { ProductMetadata } from '@cairn/shared/schemas/billing';

/**
 * The seeded catalogue of billing products. Amounts are minor units of each currency as the
 * payment processors count them (JPY, KRW and CLP have none: 750 JPY is 750 yen).
 * Plus: 4.99 USD a month or 49.99 a year, priced locally in each currency (docs/api/billing.md).
 */
export const PLUS_PRICES: ReadonlyArray<readonly [currency: string, monthly: number, yearly: number]> = [
  ['USD', 499, 4999],
  ['EUR', 499, 4999],
  ['GBP', 449, 4499],
  ['CAD', 649, 6499],
  ['AUD', 749, 7499],
  ['NZD', 799, 7999],
  ['CHF', 499, 4999],
  ['SEK', 5499, 54999],
  ['NOK', 5499, 54999],
  ['DKK', 3699, 36999],
  ['PLN', 1999, 19999],
  ['CZK', 11900, 119000],
  ['HUF', 189000, 1890000],
  ['RON', 2399, 23999],
  ['JPY', 750, 7500],
  ['KRW', 6900, 69000],
  ['CNY', 3500, 35000],
  ['HKD', 3900, 39000],
  ['TWD', 15900, 159000],
  ['SGD', 649, 6499],
  ['MYR', 2199, 21999],
  ['THB', 16900, 169000],
  ['PHP', 27900, 279000],
  ['IDR', 7900000, 79000000],
  ['INR', 39900, 399000],
  ['BRL', 2499, 24999],
  ['MXN', 8999, 89999],
  ['CLP', 4700, 47000],
  ['COP', 2000000, 20000000],
  ['ZAR', 8999, 89999],
  ['TRY', 16999, 169999],
  ['ILS', 1799, 17999],
  ['AED', 1799, 17999],
];

type ServerPlan = Extract<ProductMetadata, { type: 'pyro' }>;

/** Hosting plans, USD only; yearly = 10 × monthly. Memory and storage in MiB. */
export const SERVER_PLANS: ReadonlyArray<{ slug: string; metadata: ServerPlan; monthly: number }> = [
  { slug: 'server-small', monthly: 600, metadata: { type: 'pyro', name: 'Small', cpu: 2, ram: 2048, swap: 512, storage: 16384, stock: 100 } },
  { slug: 'server-medium', monthly: 2400, metadata: { type: 'pyro', name: 'Medium', cpu: 4, ram: 8192, swap: 2048, storage: 65536, stock: 50 } },
  { slug: 'server-large', monthly: 14400, metadata: { type: 'pyro', name: 'Large', cpu: 8, ram: 49152, swap: 12288, storage: 393216, stock: 20 } },
];

export const PLUS_SLUG = 'plus';
