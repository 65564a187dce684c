import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { CollectionIdsQuerySchema, CollectionListSchema, CollectionSchema } from '@cairn/shared/schemas/collections';
import { optionalAuth } from '../../plugins/auth.js';
import { IdParams, UserParams } from './collections.routes.js';
import type { CollectionsService } from './collections.service.js';

/**
 * The read-only /v3 collection routes. Cairn's collections already have the reference's v3
 * shape, so these answer exactly what their /v2 twins answer, with the same scopes and visibility.
 */
export const collectionsV3Routes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (app, { service }) => {
  const tags = ['v3'];

  app.get(
    '/collection/:id',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: { operationId: 'getCollectionV3', tags, summary: 'Get a collection (v3)', params: IdParams, response: { 200: CollectionSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getCollection(request.actor, request.params.id),
  );

  app.get(
    '/collections',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: { operationId: 'getCollectionsV3', tags, summary: 'Get multiple collections (v3)', querystring: CollectionIdsQuerySchema, response: { 200: CollectionListSchema, 400: ErrorBodySchema } },
    },
    async (request) => service.getCollections(request.actor, request.query.ids),
  );

  app.get(
    '/user/:id/collections',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: {
        operationId: 'getUserCollectionsV3',
        tags,
        summary: "Get a user's collections (v3; all of them for the user, the visible ones for others)",
        params: UserParams,
        response: { 200: CollectionListSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.getUserCollections(request.actor, request.params.id),
  );
};
