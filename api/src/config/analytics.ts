import { z } from 'zod';
import { stripSlash } from './env-values.js';

/** Where page views may be reported from, and the country database they are located with. */
export const analyticsSchema = z.object({
  /** Origins whose pages may report views (POST /v2/analytics/view; comma separated). Default: the site's origins. */
  ANALYTICS_VIEW_ORIGINS: z.string().optional(),
  /** Country database (.mmdb with `country_code` records) for analytics. Default: DB-IP's, shipped in an npm package. */
  GEOIP_MMDB_PATH: z.string().min(1).optional(),
});

export type AnalyticsEnv = z.infer<typeof analyticsSchema>;

export interface AnalyticsSection {
  analytics: { viewOrigins: string[]; geoipPath: string | undefined };
}

export function analyticsSection(env: AnalyticsEnv, webOrigins: readonly string[]): AnalyticsSection {
  return {
    analytics: {
      viewOrigins: env.ANALYTICS_VIEW_ORIGINS ? env.ANALYTICS_VIEW_ORIGINS.split(',').map((o) => stripSlash(o.trim())).filter(Boolean) : [...webOrigins],
      geoipPath: env.GEOIP_MMDB_PATH,
    },
  };
}
