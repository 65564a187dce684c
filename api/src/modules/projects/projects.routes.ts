import { sendSerialized } from '../../lib/send-json.js';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, jsonArrayQuery } from '@cairn/shared/schemas/common';
import {
  AddGalleryImageQuerySchema,
  CreateProjectDataSchema,
  ModifyGalleryImageQuerySchema,
  ModifyProjectBodySchema,
  PatchProjectsBodySchema,
  ProjectDependencyListSchema,
  ProjectIdentifierSchema,
  ProjectSchema,
  ProjectsRandomQuerySchema,
  ScheduleProjectBodySchema,
} from '@cairn/shared/schemas/projects';
import { HashListSchema, HashProjectMapSchema } from '@cairn/shared/schemas/hashes';
import { FollowFilterBodySchema, ProjectFollowSchema } from '@cairn/shared/schemas/follows';
import { LangQuerySchema } from '@cairn/shared/schemas/content-language';
import { requiredActor } from '../../lib/actor.js';
import { languageWish, sendLanguageHeaders } from '../../lib/content-language.js';
import { optionalAuth, publicRoute, requireAuth } from '../../plugins/auth.js';
import { imageBody } from '../../lib/image-body.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { MAX_GALLERY_IMAGE_BYTES, readCatalogueUpload } from '../../lib/multipart-upload.js';
import { multipartRoutes } from '../../lib/multipart-routes.js';
import type { ProjectsService } from './projects.service.js';

const tags = ['projects'];
/** A project id (base62) or slug. */
const IdOrSlug = z.string().min(1).max(128);
export const ProjectParams = z.object({ id: IdOrSlug });
const UserParams = z.object({ id: z.string().min(1).max(128) });
const IdsQuery = z.object({ ids: jsonArrayQuery(IdOrSlug).pipe(z.array(IdOrSlug).max(1000)) });
const ImageQuery = z.object({ ext: z.string().max(8).optional() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');
/** How a follow's filter narrows its notifications (docs/api/catalogue.md, "Filtered follows"). */
const FOLLOW_FILTER_RULES =
  '`loaders` (loader names) and `game_versions` (game-version tags) narrow the follow: a new version is announced to you only when it shares a loader ' +
  'with `loaders` and a game version with `game_versions`; an empty list narrows nothing.';
/** How the project reads pick the language of `description` and `body`. */
export const LANGUAGE_NEGOTIATION =
  '`description` and `body` come in the language asked for by `lang` (a language tag), else by `Accept-Language` (quality values honoured; ' +
  'the exact tag first, then one of the same primary language), else in the original. `Content-Language` names the language answered; ' +
  '`description_languages` lists the ones available, the original (`original_language`) first.';

export const projectsRoutes: FastifyPluginAsyncZod<{ service: ProjectsService; files: FileStore }> = async (app, { service, files }) => {
  // Icons and gallery images are sent as the raw request body.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: MAX_GALLERY_IMAGE_BYTES + 1 }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/project/:id',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: {
        operationId: 'getProject',
        tags,
        summary: 'Get a project',
        description: LANGUAGE_NEGOTIATION,
        params: ProjectParams,
        querystring: LangQuerySchema,
        response: { 200: ProjectSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    // Sent pre-serialized (and usually from the cache): the hottest route of the API.
    async (request, reply) => {
      const { json, language } = await service.getProjectJson(request.actor, request.params.id, languageWish(request, request.query.lang));
      sendLanguageHeaders(reply, language);
      return sendSerialized(reply, json);
    },
  );

  app.get(
    '/projects',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'getProjects', tags, summary: 'Get multiple projects', querystring: IdsQuery, response: { 200: z.array(ProjectSchema), 400: ErrorBodySchema } },
    },
    async (request) => service.getProjects(request.actor, request.query.ids),
  );

  app.patch(
    '/projects',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'patchProjects', tags, summary: 'Bulk-edit multiple projects', querystring: IdsQuery, body: PatchProjectsBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.patchProjects(requiredActor(request.actor), request.query.ids, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects_random',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'randomProjects', tags, summary: 'Get a list of random projects', querystring: ProjectsRandomQuerySchema, response: { 200: z.array(ProjectSchema), 400: ErrorBodySchema } },
    },
    async (request) => service.randomProjects(request.query.count),
  );

  await multipartRoutes(app, (uploads) => {
    uploads.post(
      '/project',
      {
        config: requireAuth('PROJECT_CREATE'),
        schema: {
          operationId: 'createProject',
          tags,
          summary: 'Create a project',
          description: 'multipart/form-data: a "data" JSON part first, then the optional "icon", the gallery images named in gallery_items and the files named in initial_versions.',
          response: { 200: ProjectSchema, ...errors },
        },
      },
      async (request) => {
        const upload = await readCatalogueUpload(request, files, {
          schema: CreateProjectDataSchema,
          classify: (data, field) => service.classifyCreationPart(data, field),
          discard: (keys) => service.discardBlobs(keys),
        });
        return service.createProject(requiredActor(request.actor), upload);
      },
    );
  });

  app.patch(
    '/project/:id',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'modifyProject', tags, summary: 'Modify a project', params: ProjectParams, body: ModifyProjectBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.modifyProject(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/project/:id/schedule',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: {
        operationId: 'scheduleProject',
        tags,
        summary: 'Schedule a project',
        description: 'Hides the project (status `scheduled`) until `time`, then gives it `requested_status`. Teams may schedule approved projects only.',
        params: ProjectParams,
        body: ScheduleProjectBodySchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.scheduleProject(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/project/:id',
    {
      config: requireAuth('PROJECT_DELETE'),
      schema: { operationId: 'deleteProject', tags, summary: 'Delete a project', params: ProjectParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteProject(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/project/:id/check',
    {
      config: publicRoute,
      schema: { operationId: 'checkProjectValidity', tags, summary: 'Check project slug/ID validity', params: ProjectParams, response: { 200: ProjectIdentifierSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.checkProject(request.params.id),
  );

  app.patch(
    '/project/:id/icon',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'changeProjectIcon', tags, summary: "Change project's icon", description: 'The body is the image (PNG, JPEG, GIF or WebP), at most 256 KiB.', params: ProjectParams, querystring: ImageQuery, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.changeIcon(requiredActor(request.actor), request.params.id, imageBody(request.body));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/project/:id/icon',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'deleteProjectIcon', tags, summary: "Delete project's icon", params: ProjectParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteIcon(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/project/:id/gallery',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'addGalleryImage', tags, summary: 'Add a gallery image', description: 'The body is the image (PNG, JPEG, GIF or WebP), at most 5 MiB.', params: ProjectParams, querystring: AddGalleryImageQuerySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      const { featured, title, description, ordering } = request.query;
      await service.addGalleryImage(requiredActor(request.actor), request.params.id, { featured, title, description, ordering }, imageBody(request.body));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/project/:id/gallery',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'modifyGalleryImage', tags, summary: 'Modify a gallery image', params: ProjectParams, querystring: ModifyGalleryImageQuerySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      const { url, ...changes } = request.query;
      await service.modifyGalleryImage(requiredActor(request.actor), request.params.id, url, changes);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/project/:id/gallery',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'deleteGalleryImage', tags, summary: 'Delete a gallery image', params: ProjectParams, querystring: z.object({ url: z.string().min(1).max(2048) }), response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteGalleryImage(requiredActor(request.actor), request.params.id, request.query.url);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/project/:id/dependencies',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'getDependencies', tags, summary: "Get all of a project's dependencies", params: ProjectParams, response: { 200: ProjectDependencyListSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getDependencies(request.actor, request.params.id),
  );

  // With the other lookups by hash (versions module), answering projects.
  app.post(
    '/version_file/project',
    {
      config: optionalAuth('PROJECT_READ', 'VERSION_READ'),
      schema: {
        operationId: 'projectsFromHashes',
        tags: ['version-files'],
        summary: 'Get projects from hashes',
        description: 'Up to 1,000 hashes; each known one → the project of its file. Hashes of unknown or invisible files are left out of the answer.',
        body: HashListSchema,
        response: { 200: HashProjectMapSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => service.getProjectsByHashes(request.actor, request.body.hashes, request.body.algorithm),
  );

  app.post(
    '/project/:id/follow',
    {
      config: requireAuth('USER_WRITE'),
      schema: {
        operationId: 'followProject',
        tags,
        summary: 'Follow a project',
        description: FOLLOW_FILTER_RULES + ' Without a body the follow is unfiltered.',
        params: ProjectParams,
        // Without a body (Fastify reads none as null) the follow is unfiltered.
        body: FollowFilterBodySchema.nullish(),
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.followProject(requiredActor(request.actor), request.params.id, request.body ?? undefined);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/project/:id/follow',
    {
      config: requireAuth('USER_READ'),
      schema: {
        operationId: 'getProjectFollow',
        tags,
        summary: "Get your follow of a project and its filter",
        description: 'Answers 404 when you do not follow the project.',
        params: ProjectParams,
        response: { 200: ProjectFollowSchema, ...errors },
      },
    },
    async (request) => service.getProjectFollow(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/project/:id/follow',
    {
      config: requireAuth('USER_WRITE'),
      schema: {
        operationId: 'modifyProjectFollow',
        tags,
        summary: 'Change the filter of your follow of a project',
        description: FOLLOW_FILTER_RULES + ' A list the body leaves out stays as it is; an empty list removes that part of the filter.',
        params: ProjectParams,
        body: FollowFilterBodySchema,
        response: { 200: ProjectFollowSchema, ...errors },
      },
    },
    async (request) => service.updateProjectFollow(requiredActor(request.actor), request.params.id, request.body),
  );

  app.delete(
    '/project/:id/follow',
    {
      config: requireAuth('USER_WRITE'),
      schema: { operationId: 'unfollowProject', tags, summary: 'Unfollow a project', params: ProjectParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.unfollowProject(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/:id/projects',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'getUserProjects', tags: ['users'], summary: "Get user's projects", params: UserParams, response: { 200: z.array(ProjectSchema), 404: ErrorBodySchema } },
    },
    async (request) => service.getUserProjects(request.actor, request.params.id),
  );

  app.get(
    '/user/:id/follows',
    {
      config: requireAuth('USER_READ'),
      schema: { operationId: 'getFollowedProjects', tags: ['users'], summary: "Get user's followed projects", params: UserParams, response: { 200: z.array(ProjectSchema), ...errors } },
    },
    async (request) => service.getFollowedProjects(requiredActor(request.actor), request.params.id),
  );

  app.get(
    '/user/:id/follow_filters',
    {
      config: requireAuth('USER_READ'),
      schema: {
        operationId: 'getFollowFilters',
        tags: ['users'],
        summary: "Get the filters of a user's follows",
        description: 'One entry per followed project you may see, newest follow first; empty lists mean unfiltered.',
        params: UserParams,
        response: { 200: z.array(ProjectFollowSchema), ...errors },
      },
    },
    async (request) => service.getFollowFilters(requiredActor(request.actor), request.params.id),
  );
};
