/** Series colours from the theme's accent tokens, so every theme (light, dark, OLED, retro) restyles them. */
export const SERIES_COLORS = ['var(--color-brand)', 'var(--color-blue)', 'var(--color-purple)', 'var(--color-orange)', 'var(--color-red)', 'var(--color-green)'] as const;

/** The colour of the project at `index` in the chart's project list, or the brand colour for all when project colours are off. */
export function seriesColor(index: number, projectColors: boolean): string {
  return projectColors ? SERIES_COLORS[index % SERIES_COLORS.length]! : SERIES_COLORS[0];
}
