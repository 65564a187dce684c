import type { FastifyInstance } from 'fastify';
import { AgentReinstallBodySchema, AgentServerOptionsSchema, type JavaVersion } from '@cairn/shared/schemas/node-agent';
import type { Backups } from '../backups.js';
import { conflict } from '../errors.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

const IN_PROGRESS = new Set(['queued', 'creating', 'restoring']);

/** Platforms the node offers, reinstalling onto one, and per-server startup/crash options (node token only). */
export function optionRoutes(app: FastifyInstance, manager: ServerManager, backups: Backups, auth: AuthContext) {
  const guard = { onRequest: requireAuth(auth, 'node') };

  app.get('/api/node/platforms', guard, async () => ({
    platforms: await manager.platforms(),
    java_versions: manager.javaVersions() as JavaVersion[],
  }));

  app.post('/api/servers/:id/reinstall', guard, async (request, reply) => {
    const server = manager.get(parse(IdParamsSchema, request.params).id);
    const body = parse(AgentReinstallBodySchema, request.body);
    // A reinstall under a running backup or restore would archive or restore a half-written folder.
    if ((await backups.list(server)).some((backup) => IN_PROGRESS.has(backup.state))) {
      throw conflict('state: a backup is being created or restored on this server');
    }
    await manager.reinstall(server.record.id, body);
    return reply.code(202).send(manager.toWire(server));
  });

  app.get('/api/servers/:id/options', guard, async (request) => manager.optionsOf(manager.get(parse(IdParamsSchema, request.params).id)));

  app.patch('/api/servers/:id/options', guard, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    return manager.optionsOf(await manager.setOptions(id, parse(AgentServerOptionsSchema, request.body)));
  });
}
