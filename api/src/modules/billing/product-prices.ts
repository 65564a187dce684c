import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import * as repo from './billing.repository.js';

/** The product's price in this currency, or in USD when it has none in it. */
export async function findPriceFor(db: Executor, productId: number, currency: string): Promise<repo.PriceRow> {
  const price = (await repo.findPriceOf(db, productId, currency.toUpperCase())) ?? (await repo.findPriceOf(db, productId, 'USD'));
  if (!price) throw badRequest('charge.currency: the product has no price in this currency');
  return price;
}
