import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { FeedParamsSchema, SearchFeedQuerySchema } from '@cairn/shared/schemas/feeds';
import { publicRoute } from '../../plugins/auth.js';
import { sendFeed } from './conditional-get.js';
import type { FeedsService } from './feeds.service.js';

const tags = ['feeds'];
const ANSWER =
  'Answers an Atom 1.0 document (`application/atom+xml`, RFC 4287), newest first, with `ETag` and `Last-Modified`; ' +
  '`If-None-Match` or `If-Modified-Since` matching them gets a 304 without a body. Only approved or archived projects ' +
  'and their listed or archived versions appear; a changelog is rendered from markdown and sanitised like on the website ' +
  '(external images through the image proxy).';

// Public like the catalogue pages they mirror: no credential, no scope (a token sent along changes nothing).
// The 200 answer is XML, not JSON: no schema types it, so the document is sent as is.
export const feedsRoutes: FastifyPluginAsyncZod<{ service: FeedsService }> = async (app, { service }) => {
  app.get(
    '/project/:id/feed.atom',
    {
      config: publicRoute,
      schema: {
        operationId: 'getProjectFeed',
        tags,
        summary: "Atom feed of a project's releases",
        description: `The project's latest 50 versions. ${ANSWER} 404 for an unknown, hidden or unlisted project.`,
        params: FeedParamsSchema,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendFeed(request, reply, await service.projectFeed(request.params.id)),
  );

  app.get(
    '/user/:id/feed.atom',
    {
      config: publicRoute,
      schema: {
        operationId: 'getUserFeed',
        tags,
        summary: "Atom feed of a user's releases",
        description: `The latest 50 versions of the projects whose team the user is an accepted member of. ${ANSWER}`,
        params: FeedParamsSchema,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendFeed(request, reply, await service.userFeed(request.params.id)),
  );

  app.get(
    '/collection/:id/feed.atom',
    {
      config: publicRoute,
      schema: {
        operationId: 'getCollectionFeed',
        tags,
        summary: "Atom feed of a collection's releases",
        description: `The latest 50 versions of the collection's projects. Only collections anyone may see (listed or unlisted, not empty) have one. ${ANSWER}`,
        params: FeedParamsSchema,
        response: { 404: ErrorBodySchema },
      },
    },
    async (request, reply) => sendFeed(request, reply, await service.collectionFeed(request.params.id)),
  );

  app.get(
    '/malware/feed.atom',
    {
      config: publicRoute,
      schema: {
        operationId: 'getMalwareFeed',
        tags,
        summary: 'Atom feed of files newly flagged as malware',
        description:
          'The 50 files the malware scan flagged most recently (and moderators did not release), one entry each with its sha1 and sha512, ' +
          'the rules that matched and where. The same list as JSON, with paging: `GET /v2/malware/flagged`. Answers an Atom 1.0 document with ' +
          '`ETag` and `Last-Modified`; `If-None-Match` or `If-Modified-Since` matching them gets a 304 without a body.',
      },
    },
    async (request, reply) => sendFeed(request, reply, await service.malwareFeed()),
  );

  app.get(
    '/search/feed.atom',
    {
      config: publicRoute,
      schema: {
        operationId: 'getSearchFeed',
        tags,
        summary: 'Atom feed of the newest projects matching a search',
        description: `The 50 newest projects matching \`query\`, \`facets\` (and the legacy \`filters\` and \`version\`), as in \`GET /v2/search\`, one entry each. ${ANSWER}`,
        querystring: SearchFeedQuerySchema,
        response: { 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => sendFeed(request, reply, await service.searchFeed(request.query)),
  );
};
