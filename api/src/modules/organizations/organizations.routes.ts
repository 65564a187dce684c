import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, jsonArrayQuery } from '@cairn/shared/schemas/common';
import {
  AddOrganizationProjectBodySchema,
  CreateOrganizationBodySchema,
  ModifyOrganizationBodySchema,
  OrganizationSchema,
  RemoveOrganizationProjectBodySchema,
} from '@cairn/shared/schemas/organizations';
import { ProjectSchema } from '@cairn/shared/schemas/projects';
import { TeamMemberSchema } from '@cairn/shared/schemas/teams';
import { requiredActor } from '../../lib/actor.js';
import { imageBody } from '../../lib/image-body.js';
import { MAX_ICON_BYTES } from '../../lib/multipart-upload.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import type { OrganizationsService } from './organizations.service.js';

const tags = ['organizations'];
const IdOrSlug = z.string().min(1).max(128);
export const OrganizationParams = z.object({ id: IdOrSlug });
const OrganizationProjectParams = z.object({ id: IdOrSlug, project: IdOrSlug });
export const IdsQuery = z.object({ ids: jsonArrayQuery(IdOrSlug).pipe(z.array(IdOrSlug).max(100)) });
const ImageQuery = z.object({ ext: z.string().max(8).optional() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');

export const organizationsRoutes: FastifyPluginAsyncZod<{ service: OrganizationsService }> = async (app, { service }) => {
  // Icons are sent as the raw request body.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: MAX_ICON_BYTES + 1 }, (_request, body, done) => done(null, body));

  app.post(
    '/organization',
    {
      config: requireAuth('ORGANIZATION_CREATE'),
      schema: { operationId: 'createOrganization', tags, summary: 'Create an organization', body: CreateOrganizationBodySchema, response: { 200: OrganizationSchema, ...errors } },
    },
    async (request) => service.createOrganization(requiredActor(request.actor), request.body),
  );

  app.get(
    '/organization/:id',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getOrganization', tags, summary: 'Get an organization', params: OrganizationParams, response: { 200: OrganizationSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getOrganization(request.actor, request.params.id),
  );

  app.get(
    '/organizations',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getOrganizations', tags, summary: 'Get multiple organizations', querystring: IdsQuery, response: { 200: z.array(OrganizationSchema), 400: ErrorBodySchema } },
    },
    async (request) => service.getOrganizations(request.actor, request.query.ids),
  );

  app.patch(
    '/organization/:id',
    {
      config: requireAuth('ORGANIZATION_WRITE'),
      schema: { operationId: 'modifyOrganization', tags, summary: "Edit an organization's details", params: OrganizationParams, body: ModifyOrganizationBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.modifyOrganization(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/organization/:id',
    {
      config: requireAuth('ORGANIZATION_DELETE'),
      schema: { operationId: 'deleteOrganization', tags, summary: 'Delete an organization; its projects go to its owner', params: OrganizationParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteOrganization(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/organization/:id/icon',
    {
      config: requireAuth('ORGANIZATION_WRITE'),
      schema: { operationId: 'changeOrganizationIcon', tags, summary: "Change an organization's icon", description: 'The body is the image (PNG, JPEG, GIF or WebP), at most 256 KiB.', params: OrganizationParams, querystring: ImageQuery, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.changeOrganizationIcon(requiredActor(request.actor), request.params.id, imageBody(request.body));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/organization/:id/icon',
    {
      config: requireAuth('ORGANIZATION_WRITE'),
      schema: { operationId: 'deleteOrganizationIcon', tags, summary: "Delete an organization's icon", params: OrganizationParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteOrganizationIcon(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/organization/:id/members',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getOrganizationMembers', tags, summary: "Get an organization's members", params: OrganizationParams, response: { 200: z.array(TeamMemberSchema), 404: ErrorBodySchema } },
    },
    async (request) => service.getOrganizationMembers(request.actor, request.params.id),
  );

  app.get(
    '/organization/:id/projects',
    {
      config: optionalAuth('ORGANIZATION_READ', 'PROJECT_READ'),
      schema: { operationId: 'getOrganizationProjects', tags, summary: "Get an organization's projects", params: OrganizationParams, response: { 200: z.array(ProjectSchema), 404: ErrorBodySchema } },
    },
    async (request) => service.getOrganizationProjects(request.actor, request.params.id),
  );

  app.post(
    '/organization/:id/projects',
    {
      config: requireAuth('PROJECT_WRITE', 'ORGANIZATION_WRITE'),
      schema: {
        operationId: 'addOrganizationProject',
        tags,
        summary: 'Move a project into an organization',
        description:
          "The project's owner asks (or an admin), holding ADD_PROJECT in the organization. The organization's owner leaves the project's team. `owner_permissions` decides what the project's owner keeps: `keep` (the default) leaves him on the team, no longer its owner, with the permissions he holds now; `organization_defaults` (the reference's behaviour) takes him off the team, so the organization's default project permissions for him apply.",
        params: OrganizationParams,
        body: AddOrganizationProjectBodySchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.addOrganizationProject(requiredActor(request.actor), request.params.id, request.body.project_id, request.body.owner_permissions);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/organization/:id/projects/:project',
    {
      config: requireAuth('PROJECT_WRITE', 'ORGANIZATION_WRITE'),
      schema: { operationId: 'removeOrganizationProject', tags, summary: 'Give a project back to one of the members', params: OrganizationProjectParams, body: RemoveOrganizationProjectBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.removeOrganizationProject(requiredActor(request.actor), request.params.id, request.params.project, request.body.new_owner);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/:id/organizations',
    {
      config: optionalAuth('ORGANIZATION_READ'),
      schema: { operationId: 'getUserOrganizations', tags, summary: "Get a user's organizations", params: z.object({ id: z.string().min(1).max(128) }), response: { 200: z.array(OrganizationSchema), 404: ErrorBodySchema } },
    },
    async (request) => service.getUserOrganizations(request.actor, request.params.id),
  );

  app.get(
    '/project/:id/organization',
    {
      config: optionalAuth('PROJECT_READ', 'ORGANIZATION_READ'),
      schema: { operationId: 'getProjectOrganization', tags, summary: 'Get the organization owning a project', params: z.object({ id: IdOrSlug }), response: { 200: OrganizationSchema, 404: ErrorBodySchema } },
    },
    async (request) => service.getProjectOrganization(request.actor, request.params.id),
  );
};
