import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  AddFilesDataSchema,
  CreateVersionDataSchema,
  ModifyVersionBodySchema,
  ProjectVersionsQuerySchema,
  ScheduleVersionBodySchema,
  VersionSchema,
  VersionsQuerySchema,
} from '@cairn/shared/schemas/versions';
import { LangQuerySchema } from '@cairn/shared/schemas/content-language';
import { requiredActor } from '../../lib/actor.js';
import { languageWish, sendLanguageHeaders } from '../../lib/content-language.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import { readCatalogueUpload } from '../../lib/multipart-upload.js';
import { multipartRoutes } from '../../lib/multipart-routes.js';
import type { VersionsService } from './versions.service.js';

const tags = ['versions'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const ProjectParams = z.object({ id: z.string().min(1).max(64) });
export const VersionParams = z.object({ id: z.string().min(1).max(64) });
const CHANGELOG_NEGOTIATION =
  '`changelog` comes in the language asked for by `lang`, else by `Accept-Language` (quality values honoured; the exact tag first, then one of the same ' +
  "primary language), else in the original (the project's `original_language`). `Content-Language` names the language(s) answered; " +
  '`changelog_languages` lists the ones available, the original first.';

export const versionsRoutes: FastifyPluginAsyncZod<{ service: VersionsService; files: FileStore; maxFileBytes: number }> = async (app, { service, files, maxFileBytes }) => {
  app.get(
    '/project/:id/version',
    {
      config: optionalAuth('PROJECT_READ', 'VERSION_READ'),
      schema: {
        operationId: 'getProjectVersions',
        tags,
        summary: "List project's versions",
        description: CHANGELOG_NEGOTIATION,
        params: ProjectParams,
        querystring: ProjectVersionsQuerySchema.extend(LangQuerySchema.shape),
        response: { 200: z.array(VersionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { lang, ...query } = request.query;
      const { versions, languages } = await service.listProjectVersions(request.actor, request.params.id, query, languageWish(request, lang));
      sendLanguageHeaders(reply, languages);
      return versions;
    },
  );

  app.get(
    '/project/:id/version/:version',
    {
      config: optionalAuth('PROJECT_READ', 'VERSION_READ'),
      schema: {
        operationId: 'getVersionFromIdOrNumber',
        tags,
        summary: 'Get a version given a version number or ID',
        description: `If several versions have the number, the oldest one is returned. ${CHANGELOG_NEGOTIATION}`,
        params: ProjectParams.extend({ version: z.string().min(1).max(64) }),
        querystring: LangQuerySchema,
        response: { 200: VersionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { versions, languages } = await service.getProjectVersion(request.actor, request.params.id, request.params.version, languageWish(request, request.query.lang));
      sendLanguageHeaders(reply, languages);
      return versions[0]!;
    },
  );

  app.get(
    '/version/:id',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'getVersion',
        tags,
        summary: 'Get a version',
        description: CHANGELOG_NEGOTIATION,
        params: VersionParams,
        querystring: LangQuerySchema,
        response: { 200: VersionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { versions, languages } = await service.getVersion(request.actor, request.params.id, languageWish(request, request.query.lang));
      sendLanguageHeaders(reply, languages);
      return versions[0]!;
    },
  );

  app.get(
    '/versions',
    {
      config: optionalAuth('VERSION_READ'),
      schema: { operationId: 'getVersions', tags, summary: 'Get multiple versions', querystring: VersionsQuerySchema, response: { 200: z.array(VersionSchema), ...errors } },
    },
    async (request) => service.getVersions(request.actor, request.query.ids as string[], request.query.include_changelog),
  );


  app.patch(
    '/version/:id',
    {
      config: requireAuth('VERSION_WRITE'),
      schema: { operationId: 'modifyVersion', tags, summary: 'Modify a version', params: VersionParams, body: ModifyVersionBodySchema, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.modifyVersion(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/version/:id/schedule',
    {
      config: requireAuth('VERSION_WRITE'),
      schema: {
        operationId: 'scheduleVersion',
        tags,
        summary: 'Schedule a version',
        description: 'Hides the version (status `scheduled`) until `time`, then gives it `requested_status`, dated at that time.',
        params: VersionParams,
        body: ScheduleVersionBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.scheduleVersion(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/version/:id',
    {
      config: requireAuth('VERSION_DELETE'),
      schema: { operationId: 'deleteVersion', tags, summary: 'Delete a version', params: VersionParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await service.deleteVersion(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );


  await multipartRoutes(app, (uploads) => {
    uploads.post(
      '/version',
      {
        config: requireAuth('VERSION_CREATE'),
        schema: {
          operationId: 'createVersion',
          tags,
          summary: 'Create a version',
          description:
            "Multipart request: first a `data` field (JSON: project_id, name, version_number, changelog, dependencies, game_versions, version_type, loaders, featured, status, file_parts, primary_file, file_types, environment), then one part per file named in `file_parts`. Files: .jar, .zip, .litemod, .mrpack, .asc, .gpg, .sig. " +
            'A .mrpack must be installable: formatVersion 1, game minecraft, and for every file a path inside the instance, sha1 and sha512, ' +
            'a fileSize and https download URLs on allowed hosts; a refused pack is a 400 naming the file entry and the rule.',
          consumes: ['multipart/form-data'],
          response: { 200: VersionSchema, ...errors },
        },
      },
      async (request) => {
        const actor = requiredActor(request.actor);
        const upload = await readCatalogueUpload(request, files, {
          schema: CreateVersionDataSchema,
          maxFileBytes,
          checkFile: service.fileNameProblem,
          afterData: (data) => service.authorizeUpload(actor, data),
          classify: (data, field) => (data.file_parts.includes(field) ? { kind: 'file' } : undefined),
          discard: service.discardUploads,
        });
        return service.createVersion(actor, upload);
      },
    );

    uploads.post(
      '/version/:id/file',
      {
        config: requireAuth('VERSION_WRITE'),
        schema: {
          operationId: 'addFilesToVersion',
          tags,
          summary: 'Add files to version',
          description: 'Multipart request: an optional `data` field (JSON `{file_types: {part: type}}`), then the files.',
          consumes: ['multipart/form-data'],
          params: VersionParams,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        const actor = requiredActor(request.actor);
        const upload = await readCatalogueUpload(request, files, {
          schema: AddFilesDataSchema,
          defaultData: {},
          maxFileBytes,
          checkFile: service.fileNameProblem,
          afterData: () => service.authorizeAddFiles(actor, request.params.id),
          classify: () => ({ kind: 'file' }),
          discard: service.discardUploads,
        });
        await service.addFiles(actor, request.params.id, upload);
        return reply.code(204).send(null);
      },
    );
  });
};
