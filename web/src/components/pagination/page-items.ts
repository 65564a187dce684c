/** A page number, or a gap standing for the pages left out. */
type PageItem = number | 'gap';

/**
 * The page buttons to show: always the first and last page, the current one and its neighbours,
 * and a gap wherever pages are left out (a gap of a single page shows that page instead).
 * pageItems(7, 20) → [1, 'gap', 6, 7, 8, 'gap', 20].
 */
export function pageItems(current: number, total: number, neighbours = 1): PageItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  const shown = new Set([1, total]);
  for (let p = page - neighbours; p <= page + neighbours; p++) if (p >= 1 && p <= total) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of sorted) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('gap');
    items.push(p);
    previous = p;
  }
  return items;
}
