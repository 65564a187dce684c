import type { FastifyPluginAsync } from 'fastify';
import type { SearchClient } from '../../lib/search-client.js';
import { createSearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';
import { createSearchResultCache } from './search-result-cache.js';

/** Project search (`GET /v2/search`) over the Meilisearch index kept in sync by the worker. */
export const searchModule: FastifyPluginAsync<{ search: SearchClient; indexPrefix: string; cdnUrl: string; cacheMs: number }> = async (app, deps) => {
  const service = createSearchService({ ...deps, cache: createSearchResultCache(deps.cacheMs) });
  await app.register(searchRoutes, { service, cdnUrl: deps.cdnUrl });
};
