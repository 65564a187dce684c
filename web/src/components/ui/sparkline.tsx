import styles from './sparkline.module.css';

const WIDTH = 120;
const HEIGHT = 32;

interface SparklineProps {
  values: readonly number[];
  /** Top of the scale (e.g. 100 for a percentage); the largest value when omitted. */
  max?: number;
}

/** A small trend line (decorative: the surrounding text carries the numbers). */
export function Sparkline({ values, max }: SparklineProps) {
  const top = max ?? Math.max(...values, 0);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : WIDTH;
  const points = values.map((value, index) => `${(index * step).toFixed(1)},${(HEIGHT - 2 - (top > 0 ? (Math.min(value, top) / top) * (HEIGHT - 4) : 0)).toFixed(1)}`);
  if (points.length === 1) points.push(`${WIDTH},${points[0]!.split(',')[1]}`);
  return (
    <svg className={styles.sparkline} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
