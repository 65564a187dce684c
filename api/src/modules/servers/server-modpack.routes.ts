import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  InstallServerModpackBodySchema,
  ServerContentTargetsSchema,
  ServerModpackAnswerSchema,
  ServerModpackPreviewQuerySchema,
  ServerModpackPreviewSchema,
  ServerModpackSchema,
} from '@cairn/shared/schemas/server-modpacks';
import { requiredActor } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { parseId } from '../../lib/ids.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerModpackService } from './server-modpack.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const session = requireAuth('SESSION_ACCESS');
const params = z.object({ id: Base62IdSchema });

const versionIdOf = (text: string): number => {
  const id = parseId(text);
  if (id === undefined) throw badRequest('version_id: not a valid id');
  return id;
};

/** /v2/servers/{id}/modpack: a catalogue modpack on a server, installed and updated by a job with progress. */
export const serverModpackRoutes: FastifyPluginAsyncZod<{ modpacks: ServerModpackService }> = async (app, { modpacks }) => {
  app.get(
    '/servers/content-targets',
    {
      config: session,
      schema: { operationId: 'listServerContentTargets', tags, summary: "The caller's servers they may install content on (owned, or shared with the content permission)", response: { 200: ServerContentTargetsSchema, ...errors } },
    },
    async (request) => modpacks.targets(requiredActor(request.actor)),
  );

  app.get(
    '/servers/:id/modpack',
    { config: session, schema: { operationId: 'getServerModpack', tags, summary: 'The modpack on a server: version, install progress, files, client-only files skipped and conflicts', params, response: { 200: ServerModpackAnswerSchema, ...errors } } },
    async (request) => modpacks.get(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/modpack',
    {
      config: { ...session, ...strictRateLimit(20) },
      schema: {
        operationId: 'installServerModpack',
        tags,
        summary: "Install a modpack version on a server, or move the installed pack to another version (202: a job sets the platform, downloads and verifies the files and applies the overrides)",
        params,
        body: InstallServerModpackBodySchema,
        response: { 202: ServerModpackSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(202).send(await modpacks.install(requiredActor(request.actor), request.params.id, versionIdOf(request.body.version_id))),
  );

  app.get(
    '/servers/:id/modpack/update-preview',
    {
      config: session,
      schema: {
        operationId: 'previewServerModpackUpdate',
        tags,
        summary: 'What moving the installed pack to another version would change: files added, removed and updated, contained projects with changelogs, the pack versions in between',
        params,
        querystring: ServerModpackPreviewQuerySchema,
        response: { 200: ServerModpackPreviewSchema, ...errors },
      },
    },
    async (request) => modpacks.preview(requiredActor(request.actor), request.params.id, versionIdOf(request.query.version_id)),
  );
};
