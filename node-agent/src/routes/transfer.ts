import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { ConfinedFolder } from '../confined-folder.js';
import { AgentError, conflict, invalidInput } from '../errors.js';
import type { ManagedServer, ServerManager } from '../server-manager.js';
import { extractTar, packTar, type PackMember } from '../tar-stream.js';
import { bodyStream } from './files.js';
import { requireAuth, parse, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

const exists = (target: string) => fs.stat(target).then(() => true, () => false);

/** A stopped server nothing else is working on, held for this transfer until release(). */
function hold(server: ManagedServer, doing: string): () => void {
  if (server.busy) throw conflict(`state: the server is busy (${server.busy})`);
  if (server.process.state !== 'stopped' && server.process.state !== 'crashed') throw conflict('state: stop the server before transferring it');
  server.busy = doing;
  return () => {
    server.busy = undefined;
  };
}

/**
 * Moving a server between nodes (the API calls both ends with their node tokens and streams the
 * archive from one to the other; agents never call each other). The archive holds
 * `servers/<id>/` and `backups/<id>/`, so backups move with the server.
 */
export function transferRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext) {
  const dataDir = path.dirname(manager.serversDir);
  const node = { onRequest: requireAuth(auth, 'node') };

  app.get('/api/servers/:id/transfer', node, async (request, reply) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    const release = hold(server, 'exporting');
    const file = path.join(manager.backupsDir, `.transfer-${server.record.id}-${randomBytes(4).toString('hex')}.tar.gz`);
    try {
      const members: PackMember[] = [{ folder: server.files, parts: [], as: path.relative(dataDir, server.folder) }];
      if (await exists(server.backupFolder)) members.push({ folder: new ConfinedFolder(server.backupFolder, undefined), parts: [], as: path.relative(dataDir, server.backupFolder) });
      await pipeline(Readable.from(packTar(members)), createGzip(), createWriteStream(file, { flags: 'wx', mode: 0o600 }));
      const { size } = await fs.stat(file);
      const stream = createReadStream(file);
      stream.once('close', () => {
        release();
        void fs.rm(file, { force: true });
      });
      return reply.type('application/gzip').header('content-length', size).send(stream);
    } catch (error) {
      release();
      await fs.rm(file, { force: true });
      throw error;
    }
  });

  /** Replaces the (stopped) server's folder and backups with an archive from GET …/transfer. */
  app.put('/api/servers/:id/transfer', { ...node, bodyLimit: Number.MAX_SAFE_INTEGER }, async (request, reply) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    const release = hold(server, 'importing');
    const work = path.join(manager.backupsDir, `.import-${server.record.id}-${randomBytes(4).toString('hex')}`);
    const archive = `${work}.tar.gz`;
    try {
      await pipeline(bodyStream(request.body), createWriteStream(archive, { flags: 'wx', mode: 0o600 }));
      await fs.mkdir(work, { mode: 0o700 });
      await extractTar(new ConfinedFolder(work, undefined), () => createReadStream(archive), [], manager.storageLimit(server));
      const folder = path.join(work, path.relative(dataDir, server.folder));
      const backups = path.join(work, path.relative(dataDir, server.backupFolder));
      if (!(await exists(folder))) throw invalidInput(`body: the archive has no folder for server ${server.record.id}`);
      await fs.rm(server.folder, { recursive: true, force: true });
      await fs.rename(folder, server.folder);
      await fs.rm(server.backupFolder, { recursive: true, force: true });
      if (await exists(backups)) await fs.rename(backups, server.backupFolder);
      server.process.log('agent', 'Server folder received from another node');
      return reply.code(204).send();
    } catch (error) {
      if (error instanceof AgentError) throw error;
      throw invalidInput(`body: the archive could not be imported (${(error as Error).message})`);
    } finally {
      release();
      await fs.rm(work, { recursive: true, force: true });
      await fs.rm(archive, { force: true });
    }
  });
}
