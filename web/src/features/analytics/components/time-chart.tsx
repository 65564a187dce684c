import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatAxisTime } from '../utils/format';
import styles from './time-chart.module.css';

export interface ChartLine {
  label: string;
  values: readonly number[];
  /** A CSS colour, usually `var(--color-…)`: resolved against the current theme. */
  color: string;
}

export interface TimeChartProps {
  /** Bucket starts in unix seconds. */
  timestamps: readonly number[];
  lines: readonly ChartLine[];
  formatValue: (value: number) => string;
  /** The reader's locale, for the time axis' labels. */
  locale: string;
  /** The chart's summary for assistive technology (the data table next to it has the values). */
  label: string;
}

const HEIGHT = 280;

/** Resolves `var(--x)` colours on `element`: a canvas cannot read CSS variables itself. */
function resolveColor(element: HTMLElement, color: string): string {
  const variable = /^var\((--[\w-]+)\)$/.exec(color)?.[1];
  return variable ? getComputedStyle(element).getPropertyValue(variable).trim() || 'currentColor' : color;
}

/** Bumps when the theme (an attribute of <html>) changes, so the canvas repaints in its colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
    return () => observer.disconnect();
  }, []);
  return version;
}

/** The time-series chart on uPlot (loaded lazily: see lazy-time-chart.tsx). */
export function TimeChart({ timestamps, lines, formatValue, locale, label }: TimeChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const themeVersion = useThemeVersion();

  useEffect(() => {
    const element = container.current;
    // Without a 2D canvas (old browsers, jsdom) the data table alongside is the chart.
    if (!element || !document.createElement('canvas').getContext('2d')) return;
    const text = resolveColor(element, 'var(--color-text-muted)');
    const grid = resolveColor(element, 'var(--color-border)');
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { points: { size: 6 } },
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { ...axis, values: (_u, splits, _axis, _space, step) => splits.map((v) => formatAxisTime(v, step, locale)) },
          { ...axis, size: 64, values: (_u, splits) => splits.map((v) => formatValue(v)) },
        ],
        series: [{}, ...lines.map((line) => ({ label: line.label, stroke: resolveColor(element, line.color), width: 2, points: { show: timestamps.length < 40 }, value: (_u: uPlot, v: number | null) => (v === null ? '' : formatValue(v)) }))],
      },
      [[...timestamps], ...lines.map((line) => [...line.values])],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 200), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [timestamps, lines, formatValue, locale, themeVersion]);

  return <div ref={container} className={styles.chart} role="img" aria-label={label} />;
}
