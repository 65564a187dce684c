import { DOWNLOAD_SOURCE_UNKNOWN } from '@cairn/shared/schemas/analytics';
import type { BreakdownTotal } from './series';
import { SERIES_COLORS } from './colors';

/** Named sources drawn in a colour of their own; the rest share one "other sources" slice. */
export const MAX_NAMED_SOURCES = 5;
const UNKNOWN_COLOR = 'var(--color-text-muted)';
const OTHER_COLOR = 'var(--color-border)';

export interface SourceSlice {
  /** A source, or undefined for the slice gathering the sources past MAX_NAMED_SOURCES. */
  key: string | undefined;
  value: number;
  color: string;
  /** How many sources the slice stands for (more than one only for "other sources"). */
  sources: number;
}

/**
 * The slices of the sources chart, largest first as the rows come: the first MAX_NAMED_SOURCES
 * sources in the theme's series colours, `unknown` always grey and on its own, the rest together
 * as one "other sources" slice at the end. `colorOf` gives each row the colour of its slice.
 */
export function sourceSlices(rows: readonly BreakdownTotal[]): { slices: SourceSlice[]; colorOf: (key: string) => string } {
  const colors = new Map<string, string>();
  const slices: SourceSlice[] = [];
  const other: SourceSlice = { key: undefined, value: 0, color: OTHER_COLOR, sources: 0 };
  let named = 0;
  for (const row of rows) {
    const color = row.key === DOWNLOAD_SOURCE_UNKNOWN ? UNKNOWN_COLOR : named < MAX_NAMED_SOURCES ? SERIES_COLORS[named++]! : undefined;
    if (color) {
      slices.push({ key: row.key, value: row.value, color, sources: 1 });
      colors.set(row.key, color);
    } else {
      other.value += row.value;
      other.sources += 1;
    }
  }
  if (other.sources > 0) slices.push(other);
  return { slices, colorOf: (key) => colors.get(key) ?? OTHER_COLOR };
}
