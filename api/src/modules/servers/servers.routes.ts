import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateServerNodeBodySchema,
  EditServerBodySchema,
  EditServerPropertiesBodySchema,
  ServerAccessSchema,
  ServerListSchema,
  ServerNodeListSchema,
  ServerNodeSchema,
  ServerPowerBodySchema,
  ServerPropertiesSchema,
  ServerSchema,
  ServerStatsSchema,
  SuspendServerBodySchema,
} from '@cairn/shared/schemas/servers';
import type { Database } from '../../db/client.js';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { listNodesWithUsage, registerNode } from './node-registry.js';
import { requireAdmin, type ServersService } from './servers.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const ListQuerySchema = z.object({ all: z.enum(['true', 'false']).optional().describe("Admins: every user's servers") });
const session = requireAuth('SESSION_ACCESS');

export const serversRoutes: FastifyPluginAsyncZod<{ service: ServersService; db: Database }> = async (app, { service, db }) => {
  app.get(
    '/servers',
    { config: session, schema: { operationId: 'listServers', tags, summary: "The signed-in user's game servers", querystring: ListQuerySchema, response: { 200: ServerListSchema, ...errors } } },
    async (request) => service.list(requiredActor(request.actor), request.query.all === 'true'),
  );

  app.get(
    '/servers/nodes',
    { config: session, schema: { operationId: 'listServerNodes', tags, summary: 'Node agents with capacity, allocation and health (admins)', response: { 200: ServerNodeListSchema, ...errors } } },
    async (request) => {
      requireAdmin(requiredActor(request.actor));
      return { nodes: await listNodesWithUsage(db) };
    },
  );

  app.post(
    '/servers/nodes',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createServerNode', tags, summary: 'Register a running node agent (admins); it must answer with the token', body: CreateServerNodeBodySchema, response: { 201: ServerNodeSchema, ...errors } },
    },
    async (request, reply) => {
      requireAdmin(requiredActor(request.actor));
      const { name, url, token, public_url, game_host, memory_mib } = request.body;
      const node = await registerNode(db, { name, url, token, publicUrl: public_url, gameHost: game_host, memoryLimitMib: memory_mib });
      const listed = (await listNodesWithUsage(db)).find((n) => n.url === node.url)!;
      return reply.code(201).send(listed);
    },
  );

  app.get(
    '/servers/:id',
    { config: session, schema: { operationId: 'getServer', tags, summary: 'A server, with its power state read from its node (null when unreachable)', params, response: { 200: ServerSchema, ...errors } } },
    async (request) => service.get(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/servers/:id',
    { config: session, schema: { operationId: 'editServer', tags, summary: 'Rename a server', params, body: EditServerBodySchema, response: { 200: ServerSchema, ...errors } } },
    async (request) => service.edit(requiredActor(request.actor), request.params.id, request.body),
  );

  app.post(
    '/servers/:id/power',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: { operationId: 'serverPower', tags, summary: 'Start, stop, restart or kill a server (409 while installing or suspended)', params, body: ServerPowerBodySchema, response: { 204: z.null().describe('No content'), ...errors } },
    },
    async (request, reply) => {
      await service.power(requiredActor(request.actor), request.params.id, request.body.action);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/servers/:id/access',
    { config: session, schema: { operationId: 'getServerAccess', tags, summary: "A short-lived token for the server's console and files on its node", params, response: { 200: ServerAccessSchema, ...errors } } },
    async (request) => service.access(requiredActor(request.actor), request.params.id),
  );

  app.get(
    '/servers/:id/stats',
    { config: session, schema: { operationId: 'getServerStats', tags, summary: 'CPU (0–100 % of the host), memory and disk of a server', params, response: { 200: ServerStatsSchema, ...errors } } },
    async (request) => service.stats(requiredActor(request.actor), request.params.id),
  );

  app.get(
    '/servers/:id/properties',
    { config: session, schema: { operationId: 'getServerProperties', tags, summary: "The server's server.properties", params, response: { 200: ServerPropertiesSchema, ...errors } } },
    async (request) => service.properties(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/servers/:id/properties',
    {
      config: session,
      schema: { operationId: 'editServerProperties', tags, summary: 'Change server.properties values (applied at the next start; server-port and server-ip belong to the node)', params, body: EditServerPropertiesBodySchema, response: { 200: ServerPropertiesSchema, ...errors } },
    },
    async (request) => service.editProperties(requiredActor(request.actor), request.params.id, request.body.properties),
  );

  app.post(
    '/servers/:id/suspend',
    { config: session, schema: { operationId: 'suspendServer', tags, summary: 'Suspend a server (admins): it is stopped until unsuspended', params, body: SuspendServerBodySchema, response: { 200: ServerSchema, ...errors } } },
    async (request) => service.suspend(requiredActor(request.actor), request.params.id, request.body.reason),
  );

  app.post(
    '/servers/:id/unsuspend',
    { config: session, schema: { operationId: 'unsuspendServer', tags, summary: 'Lift a suspension (admins); a server of an ended subscription stays suspended until paid', params, response: { 200: ServerSchema, ...errors } } },
    async (request) => service.unsuspend(requiredActor(request.actor), request.params.id),
  );
};
