import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { SearchClient } from '../../lib/search-client.js';
import { createServerMarkdownRenderer, type ServerMarkdownSite } from '../../lib/markdown/server-markdown.js';
import { createSearchService } from '../search/search.service.js';
import { createFeedsService } from './feeds.service.js';
import { feedsRoutes } from './feeds.routes.js';

/** Atom feeds of releases (projects, users, collections) and of searches, under /v2. */
export const feedsModule: FastifyPluginAsync<{ db: Database; search: SearchClient; indexPrefix: string } & ServerMarkdownSite> = async (app, deps) => {
  const service = createFeedsService({
    db: deps.db,
    search: createSearchService({ search: deps.search, indexPrefix: deps.indexPrefix }),
    urls: { publicSiteUrl: deps.publicSiteUrl, publicApiUrl: deps.publicApiUrl },
    markdown: createServerMarkdownRenderer(deps),
  });
  await app.register(feedsRoutes, { prefix: '/v2', service });
};
