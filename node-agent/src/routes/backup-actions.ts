import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Backups } from '../backups.js';
import { downloadKey, verifyDownloadLink } from '../download-links.js';
import { AgentError } from '../errors.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

const BackupParamsSchema = IdParamsSchema.extend({ backup: z.string().regex(/^[0-9a-f]{12}$/, 'unknown backup id') });
const LinkQuerySchema = z.object({ expires: z.string().max(20), signature: z.string().max(100) });

/**
 * Long backup actions (prepare a download, cancel, retry) and the signed download link, which
 * browsers open directly: it carries its own signature instead of a token.
 */
export function backupActionRoutes(app: FastifyInstance, manager: ServerManager, backups: Backups, auth: AuthContext) {
  const guard = { onRequest: requireAuth(auth, 'backups') };
  const key = downloadKey(auth.nodeToken);
  const target = (params: unknown) => {
    const { id, backup } = parse(BackupParamsSchema, params);
    return { server: manager.get(id), backup };
  };

  app.post('/api/servers/:id/backups/:backup/prepare-download', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    return reply.code(202).send(await backups.prepareDownload(server, backup));
  });

  app.post('/api/servers/:id/backups/:backup/cancel', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    await backups.cancel(server, backup);
    return reply.code(204).send();
  });

  app.post('/api/servers/:id/backups/:backup/retry', guard, async (request, reply) => {
    const { server, backup } = target(request.params);
    return reply.code(202).send(await backups.retry(server, backup));
  });

  app.get('/api/servers/:id/backups/:backup/archive', async (request, reply) => {
    const { id, backup } = parse(BackupParamsSchema, request.params);
    const { expires, signature } = parse(LinkQuerySchema, request.query);
    if (!verifyDownloadLink(key, { serverId: id, backupId: backup, expires, signature })) {
      throw new AgentError(403, 'forbidden', 'signature: the download link is invalid or expired; prepare the download again');
    }
    const file = await backups.openPreparedDownload(manager.get(id), backup);
    return reply
      .type('application/gzip')
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .send(file.stream);
  });
}
