import type { FastifyPluginAsync } from 'fastify';
import type { SearchClient } from '../../lib/search-client.js';
import { createSearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';
import { createSearchResultCache } from './search-result-cache.js';
import { createFacetCache } from './facet-cache.js';
import { onSearchIndexChange, relaySearchIndexNotifications } from './index-events.js';
import type postgres from 'postgres';

/** Project search (`GET /v2/search`) over the Meilisearch index kept in sync by the worker. */
export const searchModule: FastifyPluginAsync<{ search: SearchClient; sql: postgres.Sql; indexPrefix: string; cdnUrl: string; cacheMs: number }> = async (app, deps) => {
  const facets = createFacetCache();
  const stopHearing = onSearchIndexChange((indexPrefix) => {
    if (indexPrefix === deps.indexPrefix) facets.invalidate();
  });
  const stopRelay = await relaySearchIndexNotifications(deps.sql);
  app.addHook('onClose', async () => {
    stopHearing();
    await stopRelay();
  });
  const service = createSearchService({ ...deps, cache: createSearchResultCache(deps.cacheMs), facets });
  await app.register(searchRoutes, { service, cdnUrl: deps.cdnUrl });
};
