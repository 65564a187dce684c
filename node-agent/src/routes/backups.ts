import type { FastifyInstance } from 'fastify';
import { CreateAgentBackupBodySchema } from '@cairn/shared/schemas/node-agent';
import { z } from 'zod';
import type { Backups } from '../backups.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

const BackupParamsSchema = IdParamsSchema.extend({ backup: z.string().regex(/^[0-9a-f]{12}$/, 'unknown backup id') });

/** /api/servers/:id/backups: create (202, runs in background), list, restore, delete, download. */
export function backupRoutes(app: FastifyInstance, manager: ServerManager, backups: Backups, auth: AuthContext) {
  const guard = { onRequest: requireAuth(auth, 'backups') };
  const target = (params: unknown) => {
    const { id, backup } = parse(BackupParamsSchema, params);
    return { server: manager.get(id), backup };
  };

  app.get('/api/servers/:id/backups', guard, async (request) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    return { backups: await backups.list(server) };
  });

  app.post('/api/servers/:id/backups', guard, async (request, reply) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    const { name } = parse(CreateAgentBackupBodySchema, request.body);
    return reply.code(202).send(await backups.create(server, name));
  });

  app.get('/api/servers/:id/backups/:backup', guard, async (request) => {
    const { server, backup } = target(request.params);
    return backups.get(server, backup);
  });

  app.post('/api/servers/:id/backups/:backup/restore', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    return reply.code(202).send(await backups.restore(server, backup));
  });

  app.delete('/api/servers/:id/backups/:backup', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    await backups.delete(server, backup);
    return reply.code(204).send();
  });

  app.get('/api/servers/:id/backups/:backup/download', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    const file = await backups.openDownload(server, backup);
    return reply
      .type('application/gzip')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.stream);
  });
}
