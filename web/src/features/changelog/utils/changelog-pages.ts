import { CHANGELOG_PRODUCTS, type ChangelogProduct } from '@cairn/shared/schemas/changelog';

export const CHANGELOG_PAGE_SIZE = 8;

interface Dated {
  date: string;
  product: ChangelogProduct;
  version?: string;
}

/** `?filter=` as a product, or undefined for "all" (unknown values too). */
export function parseProductFilter(value: string | null): ChangelogProduct | undefined {
  return CHANGELOG_PRODUCTS.find((product) => product === value);
}

/** `?page=` as a page number within 1…pageCount (anything else is page 1). */
export function parsePage(value: string | null, pageCount: number): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= pageCount ? page : 1;
}

/** One page of the (already newest-first) entries, filtered by product. */
export function changelogPage<T extends Dated>(entries: readonly T[], product: ChangelogProduct | undefined, page: number) {
  const filtered = product ? entries.filter((entry) => entry.product === product) : entries;
  const pageCount = Math.max(1, Math.ceil(filtered.length / CHANGELOG_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), pageCount);
  return { entries: filtered.slice((current - 1) * CHANGELOG_PAGE_SIZE, current * CHANGELOG_PAGE_SIZE), page: current, pageCount };
}

/** The entry at `/news/changelog/{product}/{key}`: `key` is its date or its version label. */
export function findChangelogEntry<T extends Dated>(entries: readonly T[], product: string, key: string): T | undefined {
  return entries.find((entry) => entry.product === product && (entry.date === key || entry.version === key));
}
