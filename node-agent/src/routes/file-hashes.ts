import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AgentFilePathQuerySchema } from '@cairn/shared/schemas/node-agent';
import { pathParts } from '../confined-folder.js';
import { AgentError, notFound } from '../errors.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

/**
 * GET /api/servers/:id/files/hash?path=: size, sha1 and sha512 of one file, so whoever wrote it
 * (the API installing catalogue content) can check the bytes on the node are the ones it sent.
 */
export function fileHashRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext) {
  app.get('/api/servers/:id/files/hash', { onRequest: requireAuth(auth, 'files.read') }, async (request) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    const { path } = parse(AgentFilePathQuerySchema, request.query);
    const opened = await server.files.openFile(pathParts(path)).catch((error: unknown) => {
      if (error instanceof AgentError && error.code !== 'invalid_path') throw notFound(`path: file ${path}`);
      throw error;
    });
    const sha1 = createHash('sha1');
    const sha512 = createHash('sha512');
    let size = 0;
    for await (const chunk of opened.handle.createReadStream()) {
      size += (chunk as Buffer).length;
      sha1.update(chunk as Buffer);
      sha512.update(chunk as Buffer);
    }
    return { path, size, sha1: sha1.digest('hex'), sha512: sha512.digest('hex') };
  });
}
