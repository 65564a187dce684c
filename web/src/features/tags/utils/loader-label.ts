import { findLoader } from '@cairn/shared/constants/loaders';

/**
 * Display label of a loader tag name: the shared loader table's label ("neoforge" → "NeoForge"),
 * or the capitalised name for a loader the table does not know yet.
 */
export function loaderLabel(name: string): string {
  const known = findLoader(name);
  if (known) return known.label;
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
