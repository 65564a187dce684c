import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateServerBackupBodySchema,
  CreateServerNodeBodySchema,
  EditServerBackupBodySchema,
  EditServerBodySchema,
  EditServerPropertiesBodySchema,
  ServerAccessSchema,
  ServerBackupListSchema,
  ServerBackupSchema,
  ServerListSchema,
  ServerNodeListSchema,
  ServerNodeSchema,
  ServerPowerBodySchema,
  ServerPropertiesSchema,
  ServerSchema,
  ServerStatsSchema,
  SuspendServerBodySchema,
} from '@cairn/shared/schemas/servers';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServersService } from './servers.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const ListQuerySchema = z.object({ all: z.enum(['true', 'false']).optional().describe("Admins: every user's servers") });
const session = requireAuth('SESSION_ACCESS');
const backupParams = params.extend({ backup: z.string().regex(/^[0-9a-f]{12}$/, 'must be a backup id') });
const noContent = { 204: z.null().describe('No content'), ...errors };

export const serversRoutes: FastifyPluginAsyncZod<{ service: ServersService }> = async (app, { service }) => {
  app.get(
    '/servers',
    { config: session, schema: { operationId: 'listServers', tags, summary: "The signed-in user's game servers", querystring: ListQuerySchema, response: { 200: ServerListSchema, ...errors } } },
    async (request) => service.list(requiredActor(request.actor), request.query.all === 'true'),
  );

  app.get(
    '/servers/nodes',
    { config: session, schema: { operationId: 'listServerNodes', tags, summary: 'Node agents with capacity, allocation and health (admins)', response: { 200: ServerNodeListSchema, ...errors } } },
    async (request) => service.nodes(requiredActor(request.actor)),
  );

  app.post(
    '/servers/nodes',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createServerNode', tags, summary: 'Register a running node agent (admins); it must answer with the token', body: CreateServerNodeBodySchema, response: { 201: ServerNodeSchema, ...errors } },
    },
    async (request, reply) => {
      const { name, url, token, public_url, game_host, memory_mib } = request.body;
      const node = await service.addNode(requiredActor(request.actor), { name, url, token, publicUrl: public_url, gameHost: game_host, memoryLimitMib: memory_mib });
      return reply.code(201).send(node);
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

  app.get(
    '/servers/:id/backups',
    { config: session, schema: { operationId: 'listServerBackups', tags, summary: "The server's backups and its plan's maximum", params, response: { 200: ServerBackupListSchema, ...errors } } },
    async (request) => {
      const { backups, maxBackups } = await service.backups(requiredActor(request.actor), request.params.id, 'list backups');
      return { backups: await backups.list(), max_backups: maxBackups };
    },
  );

  app.post(
    '/servers/:id/backups',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createServerBackup', tags, summary: "Back the server up (409 at the plan's maximum or while another backup runs)", params, body: CreateServerBackupBodySchema, response: { 202: ServerBackupSchema, ...errors } },
    },
    async (request, reply) => {
      const { backups, maxBackups } = await service.backups(requiredActor(request.actor), request.params.id, 'be backed up');
      return reply.code(202).send(await backups.create(request.body.name, maxBackups));
    },
  );

  app.patch(
    '/servers/:id/backups/:backup',
    { config: session, schema: { operationId: 'editServerBackup', tags, summary: 'Rename, lock or unlock a backup (locked ones are never deleted automatically)', params: backupParams, body: EditServerBackupBodySchema, response: { 200: ServerBackupSchema, ...errors } } },
    async (request) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'change backups');
      return backups.edit(request.params.backup, request.body);
    },
  );

  app.post(
    '/servers/:id/backups/:backup/restore',
    { config: session, schema: { operationId: 'restoreServerBackup', tags, summary: 'Restore a backup: the server is stopped, its folder replaced, and started again if it ran', params: backupParams, response: noContent } },
    async (request, reply) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'restore a backup');
      await backups.restore(request.params.backup);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/servers/:id/backups/:backup',
    { config: session, schema: { operationId: 'deleteServerBackup', tags, summary: 'Delete a backup (409 while locked)', params: backupParams, response: noContent } },
    async (request, reply) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'delete a backup');
      await backups.remove(request.params.backup);
      return reply.code(204).send(null);
    },
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
