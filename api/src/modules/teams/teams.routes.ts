import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema, jsonArrayQuery } from '@cairn/shared/schemas/common';
import { AddTeamMemberBodySchema, ModifyTeamMemberBodySchema, TeamMemberSchema, UserIdentifierBodySchema } from '@cairn/shared/schemas/teams';
import { requiredActor } from '../../lib/actor.js';
import { optionalAuth, requireAuth } from '../../plugins/auth.js';
import type { TeamsService } from './teams.service.js';

const tags = ['teams'];
const TeamParams = z.object({ id: z.string().min(1).max(16) });
const MemberParams = z.object({ id: z.string().min(1).max(16), user: z.string().min(1).max(64) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');
const Members = z.array(TeamMemberSchema);

export const teamsRoutes: FastifyPluginAsyncZod<{ service: TeamsService }> = async (app, { service }) => {
  app.get(
    '/project/:id/members',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'getProjectTeamMembers', tags, summary: "Get a project's team members", params: z.object({ id: z.string().min(1).max(128) }), response: { 200: Members, 404: ErrorBodySchema } },
    },
    async (request) => service.getProjectTeamMembers(request.actor, request.params.id),
  );

  app.get(
    '/team/:id/members',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: { operationId: 'getTeamMembers', tags, summary: "Get a team's members", params: TeamParams, response: { 200: Members, 404: ErrorBodySchema } },
    },
    async (request) => service.getTeamMembers(request.actor, request.params.id),
  );

  app.get(
    '/teams',
    {
      config: optionalAuth('PROJECT_READ'),
      schema: {
        operationId: 'getTeams',
        tags,
        summary: 'Get the members of multiple teams',
        querystring: z.object({ ids: jsonArrayQuery(z.string().min(1).max(16)).pipe(z.array(z.string()).max(1000)) }),
        response: { 200: z.array(Members), 400: ErrorBodySchema },
      },
    },
    async (request) => service.getTeams(request.actor, request.query.ids),
  );

  app.post(
    '/team/:id/members',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'addTeamMember', tags, summary: 'Add a user to a team', params: TeamParams, body: AddTeamMemberBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.addTeamMember(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/team/:id/join',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'joinTeam', tags, summary: 'Join a team', params: TeamParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.joinTeam(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/team/:id/members/:user',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'modifyTeamMember', tags, summary: "Modify a team member's information", params: MemberParams, body: ModifyTeamMemberBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.modifyTeamMember(requiredActor(request.actor), request.params.id, request.params.user, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/team/:id/members/:user',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'deleteTeamMember', tags, summary: 'Remove a member from a team', params: MemberParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteTeamMember(requiredActor(request.actor), request.params.id, request.params.user);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/team/:id/owner',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'transferTeamOwnership', tags, summary: "Transfer team's ownership to another user", params: TeamParams, body: UserIdentifierBodySchema, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.transferTeamOwnership(requiredActor(request.actor), request.params.id, request.body.user_id);
      return reply.code(204).send(null);
    },
  );
};
