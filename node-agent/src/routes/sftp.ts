import type { FastifyInstance } from 'fastify';
import { AgentSftpUserBodySchema, AgentSftpUserParamsSchema } from '@cairn/shared/schemas/node-agent';
import type { ServerManager } from '../server-manager.js';
import type { SftpUsers } from '../sftp/sftp-users.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

/** SFTP logins pushed by the API (docs/api/node-agent.md, "SFTP"); node token only. */
export function sftpRoutes(app: FastifyInstance, manager: ServerManager, users: SftpUsers, auth: AuthContext) {
  const node = { onRequest: requireAuth(auth, 'node') };

  app.put('/api/servers/:id/sftp-users/:user', node, async (request, reply) => {
    const { id, user } = parse(AgentSftpUserParamsSchema, request.params);
    manager.get(id);
    await users.put(id, user, parse(AgentSftpUserBodySchema, request.body));
    return reply.code(204).send();
  });

  app.delete('/api/servers/:id/sftp-users/:user', node, async (request) => {
    const { id, user } = parse(AgentSftpUserParamsSchema, request.params);
    return { closed_sessions: await users.remove(id, user) };
  });

  // A deleted server's logins go with it (a server moved away and back must not find old ones).
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== '/api/servers/:id' || reply.statusCode !== 204) return;
    await users.forgetServer(parse(IdParamsSchema, request.params).id);
  });
}
