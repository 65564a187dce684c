import { CATEGORY_HEADERS } from '../constants/categories.js';

/** The fields `sortCategories` looks at; any tag-like object with them can be sorted. */
export interface SortableCategory {
  name: string;
  header: string;
}

const PERFORMANCE_ORDER = ['potato', 'low', 'medium', 'high', 'screenshot'];

function headerRank(header: string): number {
  const rank = (CATEGORY_HEADERS as readonly string[]).indexOf(header);
  return rank === -1 ? CATEGORY_HEADERS.length : rank;
}

/** "8x-" → 8, "512x+" → 512; non-numeric names sort last. */
function resolution(name: string): number {
  const match = /^\d+/.exec(name);
  return match ? Number(match[0]) : Number.POSITIVE_INFINITY;
}

function performanceRank(name: string): number {
  const rank = PERFORMANCE_ORDER.indexOf(name);
  return rank === -1 ? PERFORMANCE_ORDER.length : rank;
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders tags for display (spec §9), returning a new array:
 * - by header, in the order the tag editor shows them: categories, features, resolutions,
 *   performance impact (unknown headers last, alphabetically);
 * - performance impact: potato, low, medium, high, screenshot;
 * - resolutions: numerically (8x-, 16x, 32x, …, 512x+);
 * - everything else: by name.
 * The sort is stable, so the same name under several project types keeps its input order.
 */
export function sortCategories<T extends SortableCategory>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => {
    const header = headerRank(a.header) - headerRank(b.header) || byName(a.header, b.header);
    if (header !== 0) return header;
    if (a.header === 'performance impact') {
      return performanceRank(a.name) - performanceRank(b.name) || byName(a.name, b.name);
    }
    if (a.header === 'resolutions') {
      const diff = resolution(a.name) - resolution(b.name);
      return (Number.isNaN(diff) ? 0 : diff) || byName(a.name, b.name);
    }
    return byName(a.name, b.name);
  });
}
