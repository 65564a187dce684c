import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { analyticsQueries, type TimeMetric } from '../api/analytics-queries';
import type { TimeWindow } from '../utils/ranges';
import { alignSeries, type AlignedSeries, type ChartProject } from '../utils/series';

export interface MetricData {
  aligned: AlignedSeries | undefined;
  /** False while the first answer is awaited or when it failed. */
  ready: boolean;
  error: boolean;
  refetch: () => void;
}

/**
 * Downloads, views and revenue for the projects over the window. Revenue is undefined when the
 * viewer may not see it (the route is missing or refuses) or when it covers none of the projects.
 */
export function useAnalyticsData(projects: readonly ChartProject[], window: TimeWindow) {
  const query = { projectIds: projects.map((p) => p.id), window };
  const downloads = useQuery({ ...analyticsQueries.timeSeries('downloads', query), placeholderData: keepPreviousData });
  const views = useQuery({ ...analyticsQueries.timeSeries('views', query), placeholderData: keepPreviousData });
  const revenue = useQuery({ ...analyticsQueries.revenue(query), placeholderData: keepPreviousData });

  const aligned = useMemo(() => {
    const align = (data: Parameters<typeof alignSeries>[2] | null | undefined) => (data ? alignSeries(window, projects, data) : undefined);
    const revenueSeries = align(revenue.data);
    return {
      downloads: align(downloads.data),
      views: align(views.data),
      revenue: revenueSeries && revenueSeries.series.length > 0 ? revenueSeries : undefined,
    };
  }, [window, projects, downloads.data, views.data, revenue.data]);

  const metric = (name: TimeMetric, result: typeof downloads | typeof revenue): MetricData => ({
    aligned: aligned[name],
    ready: result.data !== undefined,
    error: result.isError,
    refetch: () => void result.refetch(),
  });
  return {
    downloads: metric('downloads', downloads),
    views: metric('views', views),
    revenue: metric('revenue', revenue),
    fetching: downloads.isFetching || views.isFetching || revenue.isFetching,
  };
}
