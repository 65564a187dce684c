import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerAutobackupBodySchema, ServerAutobackupSchema, ServerBackupSchema } from '@cairn/shared/schemas/servers';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServersService } from './servers.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema, 503: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const backupParams = params.extend({ backup: z.string().regex(/^[0-9a-f]{12}$/, 'must be a backup id') });
const session = requireAuth('SESSION_ACCESS');

/** Backup downloads, cancel, retry and the automatic backup schedule (docs/api/servers.md, "Server backups"). */
export const serverBackupActionRoutes: FastifyPluginAsyncZod<{ service: ServersService }> = async (app, { service }) => {
  app.get(
    '/servers/:id/backups/:backup',
    { config: session, schema: { operationId: 'getServerBackup', tags, summary: 'A backup, with its progress and, once a download is prepared, a signed download link', params: backupParams, response: { 200: ServerBackupSchema, ...errors } } },
    async (request) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'list backups');
      return backups.find(request.params.backup);
    },
  );

  app.post(
    '/servers/:id/backups/:backup/prepare-download',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'prepareServerBackupDownload', tags, summary: 'Build a download archive on the node (409 while it is already being prepared or another backup runs)', params: backupParams, response: { 202: ServerBackupSchema, ...errors } },
    },
    async (request, reply) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'prepare a download');
      return reply.code(202).send(await backups.prepareDownload(request.params.backup));
    },
  );

  app.post(
    '/servers/:id/backups/:backup/cancel',
    { config: session, schema: { operationId: 'cancelServerBackup', tags, summary: 'Stop creating a backup (it is dropped) or preparing its download', params: backupParams, response: { 204: z.null().describe('No content'), ...errors } } },
    async (request, reply) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'cancel a backup');
      await backups.cancel(request.params.backup);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/servers/:id/backups/:backup/retry',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'retryServerBackup', tags, summary: 'Create a failed backup again', params: backupParams, response: { 202: ServerBackupSchema, ...errors } },
    },
    async (request, reply) => {
      const { backups } = await service.backups(requiredActor(request.actor), request.params.id, 'retry a backup');
      return reply.code(202).send(await backups.retry(request.params.backup));
    },
  );

  app.get(
    '/servers/:id/autobackup',
    { config: session, schema: { operationId: 'getServerAutobackup', tags, summary: 'The automatic backup schedule', params, response: { 200: ServerAutobackupSchema, ...errors } } },
    async (request) => service.autobackup(requiredActor(request.actor), request.params.id),
  );

  app.put(
    '/servers/:id/autobackup',
    {
      config: session,
      schema: { operationId: 'setServerAutobackup', tags, summary: 'Turn automatic backups on or off and choose every 3, 6, 12 or 24 hours', params, body: ServerAutobackupBodySchema, response: { 200: ServerAutobackupSchema, ...errors } },
    },
    async (request) => service.setAutobackup(requiredActor(request.actor), request.params.id, request.body),
  );
};
