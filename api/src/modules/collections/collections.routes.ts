import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CollectionIdsQuerySchema,
  CollectionLimitsSchema,
  CollectionListSchema,
  CollectionSchema,
  CreateCollectionBodySchema,
  ModifyCollectionBodySchema,
} from '@cairn/shared/schemas/collections';
import { requiredActor } from '../../lib/actor.js';
import { imageBody } from '../../lib/image-body.js';
import { MAX_ICON_BYTES } from '../../lib/multipart-upload.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import type { CollectionsService } from './collections.service.js';

const tags = ['collections'];
// Any text: a malformed id names no collection, so it is a 404 like an unknown one.
export const IdParams = z.object({ id: z.string().min(1).max(64) });
export const UserParams = z.object({ id: z.string().min(1).max(128) });
const ImageQuery = z.object({ ext: z.string().max(8).optional() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');

export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (app, { service }) => {
  // Icons are sent as the raw request body.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: MAX_ICON_BYTES + 1 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/collection',
    {
      config: requireAuth('COLLECTION_CREATE'),
      schema: {
        operationId: 'createCollection',
        tags,
        summary: 'Create a collection (verified email; at most 32 per user)',
        body: CreateCollectionBodySchema,
        response: { 200: CollectionSchema, ...errors },
      },
    },
    async (request) => service.createCollection(requiredActor(request.actor), request.body),
  );

  app.get(
    '/collection/:id',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: { operationId: 'getCollection', tags, summary: 'Get a collection', params: IdParams, response: { 200: CollectionSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getCollection(request.actor, request.params.id),
  );

  app.get(
    '/collections',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: { operationId: 'getCollections', tags, summary: 'Get multiple collections', querystring: CollectionIdsQuerySchema, response: { 200: CollectionListSchema, 400: ErrorBodySchema } },
    },
    async (request) => service.getCollections(request.actor, request.query.ids),
  );

  app.patch(
    '/collection/:id',
    {
      config: requireAuth('COLLECTION_WRITE'),
      schema: {
        operationId: 'modifyCollection',
        tags,
        summary: "Edit a collection's name, description, status or projects (new_projects replaces the list)",
        params: IdParams,
        body: ModifyCollectionBodySchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.modifyCollection(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/collection/:id/icon',
    {
      config: requireAuth('COLLECTION_WRITE'),
      schema: {
        operationId: 'changeCollectionIcon',
        tags,
        summary: "Change a collection's icon",
        description: 'The body is the image (PNG, JPEG, GIF or WebP), at most 256 KiB.',
        params: IdParams,
        querystring: ImageQuery,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.changeIcon(requiredActor(request.actor), request.params.id, imageBody(request.body));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/collection/:id/icon',
    {
      config: requireAuth('COLLECTION_WRITE'),
      schema: { operationId: 'deleteCollectionIcon', tags, summary: "Delete a collection's icon", params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteIcon(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/collection/:id',
    {
      config: requireAuth('COLLECTION_DELETE'),
      schema: { operationId: 'deleteCollection', tags, summary: 'Delete a collection', params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteCollection(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/:id/collections',
    {
      config: optionalAuth('COLLECTION_READ'),
      schema: {
        operationId: 'getUserCollections',
        tags: ['users'],
        summary: "Get a user's collections (all of them for the user; the visible ones for others)",
        params: UserParams,
        response: { 200: CollectionListSchema, 404: ErrorBodySchema },
      },
    },
    async (request) => service.getUserCollections(request.actor, request.params.id),
  );

  app.get(
    '/limits/collections',
    {
      config: requireAuth('COLLECTION_READ'),
      schema: { operationId: 'getCollectionLimits', tags, summary: 'How many collections you have and may have', response: { 200: CollectionLimitsSchema, 401: ErrorBodySchema } },
    },
    async (request) => service.getCollectionLimits(requiredActor(request.actor)),
  );
};
