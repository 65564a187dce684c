import { PROJECT_PERMISSIONS, hasPermission } from '@cairn/shared/constants/permissions';
import { isProjectType } from '@cairn/shared/constants/project-types';
import {
  ANALYTICS_DEFAULT_RANGE_DAYS,
  ANALYTICS_DEFAULT_RESOLUTION_MINUTES,
  ANALYTICS_MAX_BUCKETS,
  ANALYTICS_MAX_PROJECTS,
  type AnalyticsQuery,
} from '@cairn/shared/schemas/analytics';
import type { Database } from '../../db/client.js';
import { ANALYTICS_KIND } from '../../db/schema/analytics.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { encodeBase62 } from '../../lib/ids.js';
import { findProjectAccess, listProjectAccess, listProjectAccessByIdOrSlug } from '../access/project.policy.js';
import { downloadClientKey } from '../../lib/client-key.js';
import { insertViewEvent } from './analytics-events.repository.js';
import { listBreakdown, listMemberProjectIds, listSeries, type BreakdownDimension } from './analytics-query.repository.js';
import type { CountryLookup } from './geoip.js';

export type AnalyticsMetric = keyof typeof ANALYTICS_KIND;

const DAY_MINUTES = 1440;

/** The project a page of the site shows: `/<type>/<id or slug>[/…]`, `/project/<id or slug>[/…]`. */
export function projectRefFromPageUrl(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    throw badRequest('url: must be an absolute URL of a page of the site');
  }
  const [segment, ref] = path.split('/').filter(Boolean);
  if (!segment || !ref) return undefined;
  if (segment !== 'project' && !isProjectType(segment)) return undefined;
  return decodeURIComponent(ref).slice(0, 64);
}

interface Window {
  start: Date;
  end: Date;
  resolutionMinutes: number;
}

function resolveWindow(query: AnalyticsQuery, now: Date): Window {
  const end = query.end_date ? new Date(query.end_date) : now;
  const start = query.start_date ? new Date(query.start_date) : new Date(end.getTime() - ANALYTICS_DEFAULT_RANGE_DAYS * 86_400_000);
  const resolutionMinutes = query.resolution_minutes ?? ANALYTICS_DEFAULT_RESOLUTION_MINUTES;
  if (start.getTime() >= end.getTime()) throw badRequest('start_date: must be before end_date');
  const buckets = (end.getTime() - start.getTime()) / (resolutionMinutes * 60_000);
  if (buckets > ANALYTICS_MAX_BUCKETS) {
    throw badRequest(`resolution_minutes: the range would need ${Math.ceil(buckets)} buckets, more than ${ANALYTICS_MAX_BUCKETS}; use a larger resolution or a shorter range`);
  }
  return { start, end, resolutionMinutes };
}

/** Views and downloads: recording page views, and reading the roll-ups for the analytics charts. */
export function createAnalyticsService(deps: { db: Database; countryOf: CountryLookup }) {
  const { db, countryOf } = deps;

  /** Ids of the projects asked for (default: the caller's own) whose analytics the caller may view. */
  async function viewableProjects(actor: Actor, projectIds: readonly string[] | undefined): Promise<number[]> {
    const access = projectIds
      ? await listProjectAccessByIdOrSlug(db, actor, projectIds)
      : await listProjectAccess(db, actor, await listMemberProjectIds(db, actor.userId, ANALYTICS_MAX_PROJECTS));
    return access.filter((a) => hasPermission(a.permissions, PROJECT_PERMISSIONS.VIEW_ANALYTICS)).map((a) => a.project.id);
  }

  return {
    /** Counts a view of the project the URL shows; anything else (or an unknown project) is ignored. */
    async recordView(url: string, clientIp: string): Promise<void> {
      const ref = projectRefFromPageUrl(url);
      if (!ref) return;
      const access = await findProjectAccess(db, null, ref);
      if (!access) return;
      await insertViewEvent(db, { projectId: access.project.id, clientKey: downloadClientKey(clientIp), country: countryOf(clientIp) });
    },

    /**
     * The answer as JSON text: each project's series comes from the database as JSON and is
     * spliced in unparsed (a year of 100 projects is ~600 KB that would otherwise be parsed and
     * written again). Shape: AnalyticsSeries.
     */
    async getSeriesJson(actor: Actor, metric: AnalyticsMetric, query: AnalyticsQuery, now = new Date()): Promise<string> {
      const window = resolveWindow(query, now);
      const projectIds = await viewableProjects(actor, query.project_ids);
      const series = new Map<number, string>(projectIds.map((id) => [id, '{}']));
      if (projectIds.length > 0) {
        const rows = await listSeries(db, {
          kind: ANALYTICS_KIND[metric],
          projectIds,
          start: window.start,
          end: window.end,
          resolutionSeconds: window.resolutionMinutes * 60,
          daily: window.resolutionMinutes % DAY_MINUTES === 0,
        });
        for (const row of rows) series.set(row.projectId, row.seriesJson);
      }
      return `{${[...series].map(([id, json]) => `${JSON.stringify(encodeBase62(id))}:${json}`).join(',')}}`;
    },

    /**
     * Totals per project and value of a dimension over the range: `{project_id: {value: total}}`
     * (countries, or download sources). Shape: AnalyticsCountries / AnalyticsSources.
     */
    async getBreakdown(actor: Actor, metric: AnalyticsMetric, dimension: BreakdownDimension, query: AnalyticsQuery, now = new Date()): Promise<Record<string, Record<string, number>>> {
      const window = resolveWindow(query, now);
      const projectIds = await viewableProjects(actor, query.project_ids);
      const result: Record<string, Record<string, number>> = Object.fromEntries(projectIds.map((id) => [encodeBase62(id), {}]));
      if (projectIds.length === 0) return result;
      const rows = await listBreakdown(db, {
        kind: ANALYTICS_KIND[metric],
        projectIds,
        start: window.start,
        end: window.end,
        daily: window.resolutionMinutes % DAY_MINUTES === 0,
        dimension,
      });
      for (const row of rows) result[encodeBase62(row.projectId)]![row.key] = row.value;
      return result;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
