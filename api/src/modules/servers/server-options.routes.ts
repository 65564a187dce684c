import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateServerAllocationBodySchema,
  EditServerAllocationBodySchema,
  EditServerPreferencesBodySchema,
  EditServerStartupBodySchema,
  ReinstallServerBodySchema,
  ServerAllocationListSchema,
  ServerAllocationSchema,
  ServerNetworkSchema,
  ServerPlatformListSchema,
  ServerPreferencesSchema,
  ServerSchema,
  ServerStartupSchema,
  SetServerSubdomainBodySchema,
  SubdomainAvailabilitySchema,
  SubdomainSchema,
} from '@cairn/shared/schemas/servers';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerNetworkService } from './server-network.service.js';
import type { ServerOptionsService } from './server-options.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const allocationParams = params.extend({ port: z.coerce.number().int().min(1).max(65_535) });
const session = requireAuth('SESSION_ACCESS');

/** Options › Platform, Startup, Network and Preferences of a server (owners and admins). */
export const serverOptionsRoutes: FastifyPluginAsyncZod<{ options: ServerOptionsService; network: ServerNetworkService }> = async (app, { options, network }) => {
  app.get(
    '/servers/:id/platforms',
    { config: session, schema: { operationId: 'listServerPlatforms', tags, summary: "Platforms the server's node can install, with their game versions", params, response: { 200: ServerPlatformListSchema, ...errors } } },
    async (request) => options.platforms(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/reinstall',
    {
      config: { ...session, ...strictRateLimit(20) },
      schema: {
        operationId: 'reinstallServer',
        tags,
        summary: 'Install another platform (erase: wipe all data first); the server is installing until its node is done. Refused while a backup runs, allowed at the maximum backups',
        params,
        body: ReinstallServerBodySchema,
        response: { 202: ServerSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await options.reinstall(requiredActor(request.actor), request.params.id, request.body)),
  );

  app.get(
    '/servers/:id/startup',
    { config: session, schema: { operationId: 'getServerStartup', tags, summary: 'Startup flags and Java version (java platforms) and the JDKs of its node', params, response: { 200: ServerStartupSchema, ...errors } } },
    async (request) => options.startup(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/servers/:id/startup',
    { config: session, schema: { operationId: 'editServerStartup', tags, summary: 'Change startup flags or Java version (applied at the next start)', params, body: EditServerStartupBodySchema, response: { 200: ServerStartupSchema, ...errors } } },
    async (request) => options.editStartup(requiredActor(request.actor), request.params.id, request.body),
  );

  app.get(
    '/servers/:id/preferences',
    { config: session, schema: { operationId: 'getServerPreferences', tags, summary: 'Preferences the node applies (auto restart after a crash)', params, response: { 200: ServerPreferencesSchema, ...errors } } },
    async (request) => options.preferences(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/servers/:id/preferences',
    { config: session, schema: { operationId: 'editServerPreferences', tags, summary: 'Turn auto restart after a crash on or off', params, body: EditServerPreferencesBodySchema, response: { 200: ServerPreferencesSchema, ...errors } } },
    async (request) => options.editPreferences(requiredActor(request.actor), request.params.id, request.body),
  );

  app.get(
    '/servers/:id/allocations',
    { config: session, schema: { operationId: 'listServerAllocations', tags, summary: "The server's ports: the primary one and extra allocations", params, response: { 200: ServerAllocationListSchema, ...errors } } },
    async (request) => network.allocations(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/allocations',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createServerAllocation', tags, summary: "Give the server another port from its node's range (at most 32)", params, body: CreateServerAllocationBodySchema, response: { 201: ServerAllocationSchema, ...errors } },
    },
    async (request, reply) => reply.code(201).send(await network.createAllocation(requiredActor(request.actor), request.params.id, request.body.name)),
  );

  app.patch(
    '/servers/:id/allocations/:port',
    { config: session, schema: { operationId: 'editServerAllocation', tags, summary: 'Rename an extra port', params: allocationParams, body: EditServerAllocationBodySchema, response: { 200: ServerAllocationSchema, ...errors } } },
    async (request) => network.renameAllocation(requiredActor(request.actor), request.params.id, request.params.port, request.body.name),
  );

  app.delete(
    '/servers/:id/allocations/:port',
    { config: session, schema: { operationId: 'deleteServerAllocation', tags, summary: 'Release an extra port (the primary one stays)', params: allocationParams, response: { 204: z.null().describe('No content'), ...errors } } },
    async (request, reply) => {
      await network.deleteAllocation(requiredActor(request.actor), request.params.id, request.params.port);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/servers/:id/network',
    { config: session, schema: { operationId: 'getServerNetwork', tags, summary: 'Custom address (subdomain of SERVERS_DOMAIN) and the DNS records for it', params, response: { 200: ServerNetworkSchema, ...errors } } },
    async (request) => network.network(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/subdomain',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'setServerSubdomain', tags, summary: 'Choose the custom address (5–32 letters, digits and dashes; unique)', params, body: SetServerSubdomainBodySchema, response: { 200: ServerNetworkSchema, ...errors } },
    },
    async (request) => network.setSubdomain(requiredActor(request.actor), request.params.id, request.body.subdomain),
  );

  app.get(
    '/servers/subdomains/:subdomain/available',
    {
      config: session,
      schema: { operationId: 'checkServerSubdomain', tags, summary: 'Whether a custom address is free', params: z.object({ subdomain: SubdomainSchema }), response: { 200: SubdomainAvailabilitySchema, ...errors } },
    },
    async (request) => {
      requiredActor(request.actor);
      return network.subdomainAvailability(request.params.subdomain);
    },
  );
};
