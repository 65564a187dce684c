import { sendSerialized } from '../../lib/send-json.js';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  FileDownloadRedirectSchema,
  FileHashSchema,
  GetLatestVersionFromHashBodySchema,
  GetLatestVersionsFromHashesBodySchema,
  GetLatestVersionsFromIndividualHashesBodySchema,
  HashListSchema,
  HashQuerySchema,
  HashVersionMapSchema,
} from '@cairn/shared/schemas/hashes';
import { VersionSchema } from '@cairn/shared/schemas/versions';
import { requiredActor } from '../../lib/actor.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import type { VersionFilesService } from './version-files.service.js';

const tags = ['version-files'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const HashParams = z.object({ hash: FileHashSchema });

// Versions are answered as JSON assembled from cached serialized versions (built by the mapper,
// so the shape is the schema's; the schemas still document it).
export const versionFilesRoutes: FastifyPluginAsyncZod<{ service: VersionFilesService }> = async (app, { service }) => {
  app.get(
    '/version_file/:hash',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'versionFromHash',
        tags,
        summary: 'Get version from hash',
        description: 'With `multiple=true`, every version holding the file (newest first) instead of the newest one.',
        params: HashParams,
        querystring: HashQuerySchema,
        response: { 200: z.union([VersionSchema, z.array(VersionSchema)]), ...errors },
      },
    },
    async (request, reply) =>
      sendSerialized(
        reply,
        await service.getVersionByHashJson(request.actor, request.params.hash, {
          algorithm: request.query.algorithm,
          multiple: request.query.multiple,
          versionId: request.query.version_id,
        }),
      ),
  );

  app.delete(
    '/version_file/:hash',
    {
      config: requireAuth('VERSION_WRITE'),
      schema: {
        operationId: 'deleteFileFromHash',
        tags,
        summary: 'Delete a file from its hash',
        params: HashParams,
        querystring: HashQuerySchema.omit({ multiple: true }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteFileByHash(requiredActor(request.actor), request.params.hash, { algorithm: request.query.algorithm, versionId: request.query.version_id });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/version_file/:hash/download',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'downloadFileFromHash',
        tags,
        summary: 'Redirect to the file with this hash',
        params: HashParams,
        querystring: HashQuerySchema.omit({ multiple: true }),
        response: { 307: FileDownloadRedirectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const url = await service.getFileUrl(request.actor, request.params.hash, { algorithm: request.query.algorithm, versionId: request.query.version_id });
      return reply.code(307).header('location', url).send({ url });
    },
  );

  app.post(
    '/version_file/:hash/update',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'getLatestVersionFromHash',
        tags,
        summary: 'Latest version of a project from a hash, loader(s), and game version(s)',
        params: HashParams,
        querystring: HashQuerySchema.pick({ algorithm: true }),
        body: GetLatestVersionFromHashBodySchema,
        response: { 200: VersionSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, await service.getLatestVersionForHashJson(request.actor, request.params.hash, request.query.algorithm, request.body)),
  );

  app.post(
    '/version_files',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'versionsFromHashes',
        tags,
        summary: 'Get versions from hashes',
        description: 'Up to 1,000 hashes; hashes of unknown or invisible files are left out of the answer.',
        body: HashListSchema,
        response: { 200: HashVersionMapSchema, ...errors },
      },
    },
    async (request, reply) => sendSerialized(reply, await service.getVersionsByHashesJson(request.actor, request.body.hashes, request.body.algorithm)),
  );

  app.post(
    '/version_files/update',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'getLatestVersionsFromHashes',
        tags,
        summary: 'Latest versions of multiple projects from hashes, loader(s), and game version(s)',
        description: 'Up to 1,000 hashes; for each, the newest listed version of its project matching every given filter.',
        body: GetLatestVersionsFromHashesBodySchema,
        response: { 200: HashVersionMapSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendSerialized(reply, await service.getLatestVersionsForHashesJson(request.actor, request.body.hashes, request.body.algorithm, request.body)),
  );

  app.post(
    '/version_files/update_individual',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'getLatestVersionsFromIndividualHashes',
        tags,
        summary: 'Latest versions of multiple projects from hashes, each with its own loader(s) and game version(s)',
        description:
          'Up to 1,000 hashes, each with its own filters; for each, the listed version of its project matching them that ranks first: ' +
          'the newest one without a manual `ordering`, else the one with the highest `ordering`. Hashes of unknown or invisible files are left out.',
        body: GetLatestVersionsFromIndividualHashesBodySchema,
        response: { 200: HashVersionMapSchema, ...errors },
      },
    },
    async (request, reply) => sendSerialized(reply, await service.getLatestVersionsForEachHashJson(request.actor, request.body.hashes, request.body.algorithm)),
  );
};
