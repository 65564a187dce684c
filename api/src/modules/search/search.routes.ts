import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { SearchProjectsQuerySchema, SearchResultsSchema } from '@cairn/shared/schemas/search';
import { sendSerialized } from '../../lib/send-json.js';
import { publicRoute } from '../../plugins/auth.js';
import type { SearchService } from './search.service.js';
import { toSearchResultsJson } from './search.mapper.js';

const description = [
  'Facets are a JSON array of OR-groups combined with AND, e.g. `[["categories:fabric"],["versions:1.20.1","versions:1.21"]]`;',
  'an entry may itself be an array of conditions that must all hold. Operators: `:` or `=`, `!=`, and `>`, `>=`, `<`, `<=`',
  'on numbers (downloads, follows, created_timestamp, modified_timestamp). Loaders, game versions, project types, environment',
  'and client/server sides must all be met by one listed version of a project. `index` sorts by relevance (default), downloads,',
  'follows, newest, updated, title or trending (downloads in the last 7 days). `facet_counts` gives, for each counted field,',
  'how many projects match each value under the other active filters.',
].join(' ');

export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService; cdnUrl: string }> = async (app, { service, cdnUrl }) => {
  app.get(
    '/search',
    {
      config: publicRoute,
      schema: {
        operationId: 'searchProjects',
        tags: ['projects'],
        summary: 'Search projects',
        description,
        querystring: SearchProjectsQuerySchema,
        response: { 200: SearchResultsSchema, 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    // Sent pre-serialized: the hits are built from the index's stored hits (see search.mapper.ts).
    async (request, reply) =>
      sendSerialized(
        reply,
        await service.searchProjectsJson(request.query, (outcome) =>
          toSearchResultsJson(outcome, { offset: outcome.request.offset, limit: outcome.request.limit }, cdnUrl),
        ),
      ),
  );
};
