import { CATEGORY_LABELS, isCategoryName } from '../constants/categories.js';
import { findLoader } from '../constants/loaders.js';

/** "game-mechanics" → "Game Mechanics": the fallback for names the shared tables do not know yet. */
function titleCase(name: string): string {
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Display label of a loader tag ("neoforge" → "NeoForge"). */
export function loaderLabel(name: string): string {
  return findLoader(name)?.label ?? titleCase(name);
}

/** Display label of a category, feature, resolution or performance tag ("8x-" → "8x or lower"). */
export function categoryLabel(name: string): string {
  return isCategoryName(name) ? CATEGORY_LABELS[name] : titleCase(name);
}
