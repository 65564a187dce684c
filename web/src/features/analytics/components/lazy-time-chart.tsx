import { lazyComponent } from '../../../lib/lazy-component';
import type { TimeChartProps } from './time-chart';

/** Keeps uPlot out of every page's initial download; the data table stands in if it fails to load. */
export const LazyTimeChart = lazyComponent<TimeChartProps>(
  () => import('./time-chart').then((m) => m.TimeChart),
  () => null,
);
