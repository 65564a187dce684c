import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { AgentFilePathQuerySchema } from '@cairn/shared/schemas/node-agent';
import { notFound } from '../errors.js';
import { resolveInside } from '../safe-path.js';
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
    const file = await resolveInside(server.folder, path);
    const stats = await fs.stat(file).catch(() => undefined);
    if (!stats?.isFile()) throw notFound(`path: file ${path}`);
    const sha1 = createHash('sha1');
    const sha512 = createHash('sha512');
    for await (const chunk of createReadStream(file)) {
      sha1.update(chunk as Buffer);
      sha512.update(chunk as Buffer);
    }
    return { path, size: stats.size, sha1: sha1.digest('hex'), sha512: sha512.digest('hex') };
  });
}
