import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import { createAnalyticsService } from './analytics.service.js';
import { analyticsRoutes } from './analytics.routes.js';
import type { CountryLookup } from './geoip.js';

/** Views and downloads per project, day, country, loader, game version and reason, under /v2/analytics. */
export const analyticsModule: FastifyPluginAsync<{ db: Database; countryOf: CountryLookup; viewOrigins: readonly string[] }> = async (app, deps) => {
  await app.register(analyticsRoutes, { service: createAnalyticsService(deps), viewOrigins: deps.viewOrigins });
};
