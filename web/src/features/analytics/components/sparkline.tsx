import styles from './analytics-panel.module.css';

const WIDTH = 120;
const HEIGHT = 32;

/** A tile's small trend line (decorative: the tile's total and the data table carry the numbers). */
export function Sparkline({ values }: { values: readonly number[] }) {
  const max = Math.max(...values, 0);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const points = values.map((value, index) => `${(index * step).toFixed(1)},${(HEIGHT - 2 - (max > 0 ? (value / max) * (HEIGHT - 4) : 0)).toFixed(1)}`);
  if (points.length === 1) points.push(`${WIDTH},${points[0]!.split(',')[1]}`);
  return (
    <svg className={styles.sparkline} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
