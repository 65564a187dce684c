import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { CreatedPatSchema, CreatePatBodySchema, EditPatBodySchema, PatListSchema } from '@cairn/shared/schemas/pats';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import { toCreatedPat, toPat } from './pats.mapper.js';
import type { PatsService } from './pats.service.js';

const tags = ['personal access tokens'];
const PatParamsSchema = z.object({ id: Base62IdSchema });
/** DELETE also takes the token itself, to revoke a leaked one. */
const PatRefParamsSchema = z.object({ id: z.string().min(1).max(128) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const noContent = { 204: z.null().describe('No content'), ...errors };

export const patsRoutes: FastifyPluginAsyncZod<{ service: PatsService }> = async (app, { service }) => {
  app.get(
    '/pat',
    {
      config: requireAuth('PAT_READ'),
      schema: { operationId: 'listPats', tags, summary: "List the signed-in user's personal access tokens (tokens not included)", response: { 200: PatListSchema, 401: ErrorBodySchema } },
    },
    async (request) => (await service.listPats(requiredActor(request.actor))).map(toPat),
  );

  app.post(
    '/pat',
    {
      config: { ...requireAuth('PAT_CREATE'), ...strictRateLimit(10) },
      schema: {
        operationId: 'createPat',
        tags,
        summary: 'Create a personal access token; the token is shown only in this response',
        body: CreatePatBodySchema,
        response: { 200: CreatedPatSchema, ...errors },
      },
    },
    async (request) => {
      const { pat, token } = await service.createPat(requiredActor(request.actor), request.body);
      return toCreatedPat(pat, token);
    },
  );

  app.patch(
    '/pat/:id',
    {
      config: requireAuth('PAT_WRITE'),
      schema: { operationId: 'editPat', tags, summary: 'Rename a personal access token, change its scopes or expiry', params: PatParamsSchema, body: EditPatBodySchema, response: noContent },
    },
    async (request, reply) => {
      await service.editPat(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/pat/:id',
    {
      config: requireAuth('PAT_DELETE'),
      schema: { operationId: 'deletePat', tags, summary: 'Revoke a personal access token, by id or by the token itself', params: PatRefParamsSchema, response: noContent },
    },
    async (request, reply) => {
      await service.deletePat(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
