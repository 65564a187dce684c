import { AnalyticsCountriesSchema, AnalyticsSeriesSchema, AnalyticsSourcesSchema } from '@cairn/shared/schemas/analytics';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, HttpError } from '../../../lib/api-client';
import type { TimeWindow } from '../utils/ranges';

export type TimeMetric = 'downloads' | 'views' | 'revenue';
export type CountryMetric = 'downloads' | 'views';

interface AnalyticsQuery {
  projectIds: readonly string[];
  window: TimeWindow;
}

function analyticsParams({ projectIds, window }: AnalyticsQuery) {
  return {
    project_ids: JSON.stringify(projectIds),
    start_date: window.start.toISOString(),
    end_date: window.end.toISOString(),
    resolution_minutes: window.resolutionMinutes,
  };
}

/** `GET /v2/analytics/{downloads|views|revenue}`: values per bucket per project (revenue in cents). */
function getTimeSeries(metric: TimeMetric, query: AnalyticsQuery, signal?: AbortSignal) {
  return apiFetch(`/v2/analytics/${metric}`, { schema: AnalyticsSeriesSchema, query: analyticsParams(query), signal });
}

/** `GET /v2/analytics/countries/{downloads|views}`: totals per country per project. */
function getCountries(metric: CountryMetric, query: AnalyticsQuery, signal?: AbortSignal) {
  return apiFetch(`/v2/analytics/countries/${metric}`, { schema: AnalyticsCountriesSchema, query: analyticsParams(query), signal });
}

/** `GET /v2/analytics/sources/downloads`: downloads per download source (launcher, `website`, `unknown`) per project. */
function getSources(query: AnalyticsQuery, signal?: AbortSignal) {
  return apiFetch('/v2/analytics/sources/downloads', { schema: AnalyticsSourcesSchema, query: analyticsParams(query), signal });
}

/**
 * Revenue is only for those who may view payouts: a route that is missing or refuses the viewer
 * answers null, which hides the revenue tile instead of failing the page.
 */
async function getRevenue(query: AnalyticsQuery, signal?: AbortSignal) {
  try {
    return await getTimeSeries('revenue', query, signal);
  } catch (error) {
    if (error instanceof HttpError && [401, 403, 404].includes(error.status)) return null;
    throw error;
  }
}

const keyOf = ({ projectIds, window }: AnalyticsQuery) => [[...projectIds].sort().join(','), window.start.toISOString(), window.end.toISOString(), window.resolutionMinutes] as const;

export const analyticsQueries = {
  all: () => ['analytics'] as const,
  timeSeries: (metric: Exclude<TimeMetric, 'revenue'>, query: AnalyticsQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), metric, ...keyOf(query)] as const,
      queryFn: ({ signal }) => getTimeSeries(metric, query, signal),
      enabled: query.projectIds.length > 0,
    }),
  revenue: (query: AnalyticsQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'revenue', ...keyOf(query)] as const,
      queryFn: ({ signal }) => getRevenue(query, signal),
      enabled: query.projectIds.length > 0,
    }),
  countries: (metric: CountryMetric, query: AnalyticsQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'countries', metric, ...keyOf(query)] as const,
      queryFn: ({ signal }) => getCountries(metric, query, signal),
      enabled: query.projectIds.length > 0,
    }),
  sources: (query: AnalyticsQuery) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(), 'sources', 'downloads', ...keyOf(query)] as const,
      queryFn: ({ signal }) => getSources(query, signal),
      enabled: query.projectIds.length > 0,
    }),
};
