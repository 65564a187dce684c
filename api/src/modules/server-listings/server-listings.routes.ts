import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateServerListingBodySchema,
  EditServerListingBodySchema,
  ModerateServerListingBodySchema,
  OwnedServerListingListSchema,
  OwnedServerListingSchema,
  SearchServerListingsQuerySchema,
  ServerListingSearchResultSchema,
  ServerListingViewSchema,
} from '@cairn/shared/schemas/server-listings';
import { requiredActor } from '../../lib/actor.js';
import { optionalAuth, publicRoute, requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerListingsService } from './server-listings.service.js';

const tags = ['server listings'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });

/**
 * Public server listings under /v2 (docs/api/server-listings.md). They are a kind of their own,
 * beside the catalogue's projects, so the v2 project and search shapes keep their project types.
 */
export const serverListingsRoutes: FastifyPluginAsyncZod<{ listings: ServerListingsService }> = async (app, { listings }) => {
  app.get(
    '/server_listings',
    {
      config: publicRoute,
      schema: { operationId: 'searchServerListings', tags, summary: 'Search public server listings, with facet counts', querystring: SearchServerListingsQuerySchema, response: { 200: ServerListingSearchResultSchema, 400: ErrorBodySchema } },
    },
    async (request) => listings.search(request.query),
  );

  app.get(
    '/server_listings/mine',
    { config: requireAuth('PROJECT_READ'), schema: { operationId: 'listOwnServerListings', tags, summary: "The caller's server listings with their status and why any is hidden", response: { 200: OwnedServerListingListSchema, 401: ErrorBodySchema } } },
    async (request) => listings.listMine(requiredActor(request.actor)),
  );

  app.get(
    '/server_listings/queue',
    { config: requireAuth('PROJECT_READ'), schema: { operationId: 'getServerListingQueue', tags, summary: 'Server listings waiting for review, oldest first (moderators)', response: { 200: OwnedServerListingListSchema, 401: ErrorBodySchema } } },
    async (request) => listings.queue(requiredActor(request.actor)),
  );

  app.post(
    '/server_listing',
    {
      config: { ...requireAuth('PROJECT_CREATE'), ...strictRateLimit(20) },
      schema: { operationId: 'createServerListing', tags, summary: 'List a server (a hosted one by server_id, any other by host and port); it waits for review', body: CreateServerListingBodySchema, response: { 201: OwnedServerListingSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await listings.create(requiredActor(request.actor), request.body)),
  );

  app.get(
    '/server_listing/:id',
    { config: optionalAuth('PROJECT_READ'), schema: { operationId: 'getServerListing', tags, summary: 'A server listing with its last status ping (its owner and moderators also see why it is hidden)', params, response: { 200: ServerListingViewSchema, 400: ErrorBodySchema, 404: ErrorBodySchema } } },
    async (request) => listings.get(request.actor, request.params.id),
  );

  app.patch(
    '/server_listing/:id',
    { config: requireAuth('PROJECT_WRITE'), schema: { operationId: 'modifyServerListing', tags, summary: 'Change a server listing', params, body: EditServerListingBodySchema, response: { 200: OwnedServerListingSchema, ...errors } } },
    async (request) => listings.edit(requiredActor(request.actor), request.params.id, request.body),
  );

  app.delete(
    '/server_listing/:id',
    { config: requireAuth('PROJECT_DELETE'), schema: { operationId: 'deleteServerListing', tags, summary: 'Delete a server listing', params, response: { 204: z.null().describe('No content'), ...errors } } },
    async (request, reply) => {
      await listings.remove(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/server_listing/:id/ping',
    {
      config: { ...requireAuth('PROJECT_WRITE'), ...strictRateLimit(12) },
      schema: { operationId: 'pingServerListing', tags, summary: "Ping the listing's server now and record what it answers", params, response: { 200: OwnedServerListingSchema, ...errors } },
    },
    async (request) => listings.pingNow(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/server_listing/:id/moderation',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'moderateServerListing', tags, summary: "Decide a server listing's status (moderators)", params, body: ModerateServerListingBodySchema, response: { 200: OwnedServerListingSchema, ...errors } },
    },
    async (request) => listings.moderate(requiredActor(request.actor), request.params.id, request.body),
  );
};
