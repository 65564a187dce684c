import type { FastifyInstance } from 'fastify';
import {
  AgentActivityQuerySchema,
  AgentCommandBodySchema,
  AgentRevocationBodySchema,
  AgentPowerBodySchema,
  AgentServerIdSchema,
  CreateAccessTokenBodySchema,
  CreateAgentServerBodySchema,
  UpdateAgentServerBodySchema,
} from '@cairn/shared/schemas/node-agent';
import { z } from 'zod';
import type { ActivityJournal } from '../access-journal.js';
import { signAccessToken } from '../auth.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';

export const IdParamsSchema = z.object({ id: AgentServerIdSchema });
const WaitQuerySchema = z.object({ wait: z.enum(['true', 'false']).default('false') });

export function serverRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext, journal: ActivityJournal) {
  app.get('/api/node', { onRequest: requireAuth(auth, 'node') }, async () => manager.nodeInfo());

  app.get('/api/servers', { onRequest: requireAuth(auth, 'node') }, async () => ({
    servers: manager.list().map((server) => manager.toWire(server)),
  }));

  app.post('/api/servers', { onRequest: requireAuth(auth, 'node') }, async (request, reply) => {
    const body = parse(CreateAgentServerBodySchema, request.body);
    const server = await manager.create(body);
    return reply.code(201).send(manager.toWire(server));
  });

  app.get('/api/servers/:id', { onRequest: requireAuth(auth, 'any') }, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    return manager.toWire(manager.get(id));
  });

  app.patch('/api/servers/:id', { onRequest: requireAuth(auth, 'node') }, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const { limits } = parse(UpdateAgentServerBodySchema, request.body);
    return manager.toWire(await manager.setLimits(id, limits));
  });

  app.delete('/api/servers/:id', { onRequest: requireAuth(auth, 'node') }, async (request, reply) => {
    const { id } = parse(IdParamsSchema, request.params);
    await manager.delete(id);
    await journal.forget(id);
    return reply.code(204).send();
  });

  app.post('/api/servers/:id/power', { onRequest: requireAuth(auth, 'control') }, async (request, reply) => {
    const { id } = parse(IdParamsSchema, request.params);
    const { action } = parse(AgentPowerBodySchema, request.body);
    const { wait } = parse(WaitQuerySchema, request.query);
    const done = manager.power(id, action);
    if (wait === 'true') await done;
    else done.catch((error: unknown) => request.log.error({ err: error }, 'power action failed'));
    return reply.code(wait === 'true' ? 200 : 202).send(manager.toWire(manager.get(id)));
  });

  app.post('/api/servers/:id/command', { onRequest: requireAuth(auth, 'console') }, async (request, reply) => {
    const { id } = parse(IdParamsSchema, request.params);
    const { command } = parse(AgentCommandBodySchema, request.body);
    manager.command(id, command);
    if (request.caller?.kind === 'access') await journal.record(id, { user: request.caller.claims.sub, kind: 'console', action: 'command', detail: command });
    return reply.code(204).send();
  });

  // Revocation and the activity report (docs/api/node-agent.md, "Revocation and activity reports").
  app.post('/api/servers/:id/revocations', { onRequest: requireAuth(auth, 'node') }, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const { user, before } = parse(AgentRevocationBodySchema, request.body);
    return { closed_sockets: await auth.revocations.revoke(id, user, before) };
  });

  app.get('/api/servers/:id/activity', { onRequest: requireAuth(auth, 'node') }, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const { after } = parse(AgentActivityQuerySchema, request.query);
    return { entries: await journal.read(id, after) };
  });

  app.get('/api/servers/:id/stats', { onRequest: requireAuth(auth, 'any') }, async (request) => {
    const { id } = parse(IdParamsSchema, request.params);
    const server = manager.get(id);
    return server.latestStats ?? (await manager.stats(server));
  });

  app.post('/api/servers/:id/access-tokens', { onRequest: requireAuth(auth, 'node') }, async (request, reply) => {
    const { id } = parse(IdParamsSchema, request.params);
    manager.get(id);
    const body = parse(CreateAccessTokenBodySchema, request.body);
    const exp = Math.floor(Date.now() / 1000) + body.ttl_seconds;
    const token = signAccessToken(auth.accessKey, { sid: id, sub: body.user, perms: body.permissions, exp, iat: Date.now() });
    return reply.code(201).send({ token, expires: new Date(exp * 1000).toISOString() });
  });
}
