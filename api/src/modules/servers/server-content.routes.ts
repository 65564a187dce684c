import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  EditServerContentBodySchema,
  InstallServerContentBodySchema,
  ServerContentChangeSchema,
  ServerContentListSchema,
  ServerContentSchema,
  UpdateServerContentBodySchema,
} from '@cairn/shared/schemas/server-content';
import { requiredActor } from '../../lib/actor.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerContentService } from './server-content.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const session = requireAuth('SESSION_ACCESS');
const params = z.object({ id: Base62IdSchema });
const contentParams = params.extend({ project: Base62IdSchema });

const idOf = (text: string, field: string): number => {
  const id = parseId(text);
  if (id === undefined) throw badRequest(`${field}: not a valid id`);
  return id;
};
const installedId = (text: string): number => {
  const id = parseId(text);
  if (id === undefined) throw notFound('The content is not installed on this server');
  return id;
};
const optionalId = (text: string | undefined, field: string) => (text === undefined ? undefined : idOf(text, field));

/** /v2/servers/{id}/content: catalogue plugins, mods and data packs on a server, with their required dependencies. */
export const serverContentRoutes: FastifyPluginAsyncZod<{ content: ServerContentService }> = async (app, { content }) => {
  app.get(
    '/servers/:id/content',
    { config: session, schema: { operationId: 'listServerContent', tags, summary: 'Content installed on a server, with newer compatible versions and the loaders it accepts', params, response: { 200: ServerContentListSchema, ...errors } } },
    async (request) => content.list(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/content',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: {
        operationId: 'installServerContent',
        tags,
        summary: "Install a project's version (default: newest compatible) and its required dependencies; applies at the next start",
        params,
        body: InstallServerContentBodySchema,
        response: { 201: ServerContentChangeSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = { projectId: idOf(request.body.project_id, 'project_id'), versionId: optionalId(request.body.version_id, 'version_id') };
      return reply.code(201).send(await content.install(requiredActor(request.actor), request.params.id, body));
    },
  );

  app.post(
    '/servers/:id/content/:project/update',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: { operationId: 'updateServerContent', tags, summary: 'Replace installed content with another version (default: newest compatible), adding new required dependencies', params: contentParams, body: UpdateServerContentBodySchema, response: { 200: ServerContentChangeSchema, ...errors } },
    },
    async (request) =>
      content.update(requiredActor(request.actor), request.params.id, installedId(request.params.project), optionalId(request.body.version_id, 'version_id')),
  );

  app.patch(
    '/servers/:id/content/:project',
    { config: session, schema: { operationId: 'editServerContent', tags, summary: 'Enable or disable installed content (the file is renamed to or from .disabled)', params: contentParams, body: EditServerContentBodySchema, response: { 200: ServerContentSchema, ...errors } } },
    async (request) => content.setEnabled(requiredActor(request.actor), request.params.id, installedId(request.params.project), request.body.enabled),
  );

  app.delete(
    '/servers/:id/content/:project',
    { config: session, schema: { operationId: 'removeServerContent', tags, summary: 'Remove installed content and its file', params: contentParams, response: { 204: z.null().describe('No content'), ...errors } } },
    async (request, reply) => {
      await content.remove(requiredActor(request.actor), request.params.id, installedId(request.params.project));
      return reply.code(204).send(null);
    },
  );
};
