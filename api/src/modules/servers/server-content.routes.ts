import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  EditServerContentBodySchema,
  InstallServerContentBodySchema,
  ServerContentChangeSchema,
  ServerContentListSchema,
  ServerContentSchema,
  ServerContentUpdateAllSchema,
  ServerContentUpdatePreviewQuerySchema,
  ServerContentUpdatePreviewSchema,
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
    {
      config: session,
      schema: {
        operationId: 'editServerContent',
        tags,
        summary: 'Enable or disable installed content (the file is renamed to or from .disabled), or pin it to its version',
        params: contentParams,
        body: EditServerContentBodySchema,
        response: { 200: ServerContentSchema, ...errors },
      },
    },
    async (request) => {
      const actor = requiredActor(request.actor);
      const projectId = installedId(request.params.project);
      const { enabled, pinned } = request.body;
      let row = pinned === undefined ? undefined : await content.setPinned(actor, request.params.id, projectId, pinned);
      if (enabled !== undefined) row = await content.setEnabled(actor, request.params.id, projectId, enabled);
      return row!;
    },
  );

  app.get(
    '/servers/:id/content/updates',
    {
      config: session,
      schema: {
        operationId: 'previewServerContentUpdates',
        tags,
        summary: 'What updating would change: versions in between with changelogs and new required dependencies, for one project or every unpinned one',
        params,
        querystring: ServerContentUpdatePreviewQuerySchema,
        response: { 200: ServerContentUpdatePreviewSchema, ...errors },
      },
    },
    async (request) => {
      const { project_id, version_id } = request.query;
      const only = project_id === undefined ? undefined : { projectId: installedId(project_id), versionId: optionalId(version_id, 'version_id') };
      return content.previewUpdates(requiredActor(request.actor), request.params.id, only);
    },
  );

  app.post(
    '/servers/:id/content/update-all',
    {
      config: { ...session, ...strictRateLimit(20) },
      schema: {
        operationId: 'updateAllServerContent',
        tags,
        summary: 'Update every unpinned project to its newest compatible version (with new required dependencies); pinned ones are named and left as they are',
        params,
        response: { 200: ServerContentUpdateAllSchema, ...errors },
      },
    },
    async (request) => content.updateAll(requiredActor(request.actor), request.params.id),
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
