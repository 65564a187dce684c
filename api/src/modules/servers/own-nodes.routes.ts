import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateOwnNodeEnrolmentBodySchema,
  CreateOwnNodeServerBodySchema,
  EditOwnNodeBodySchema,
  NodeEnrolmentBodySchema,
  NodeEnrolmentResultSchema,
  OwnNodeEnrolmentSchema,
  OwnNodeListSchema,
  OwnNodeSchema,
} from '@cairn/shared/schemas/own-nodes';
import { ServerSchema } from '@cairn/shared/schemas/servers';
import { requiredActor } from '../../lib/actor.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { OwnNodesService } from './own-nodes.service.js';
import type { ServersService } from './servers.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const session = requireAuth('SESSION_ACCESS');
const params = z.object({ node: Base62IdSchema });

/** Own nodes ("bring your own node", docs/api/servers.md): enrolment, the owner's list, limits, revocation and servers without a plan. */
export const ownNodesRoutes: FastifyPluginAsyncZod<{ ownNodes: OwnNodesService; servers: ServersService }> = async (app, { ownNodes, servers }) => {
  app.get(
    '/servers/own-nodes',
    { config: session, schema: { operationId: 'listOwnNodes', tags, summary: "The signed-in user's own nodes with status, capacity, isolation and limits", response: { 200: OwnNodeListSchema, ...errors } } },
    async (request) => ownNodes.list(requiredActor(request.actor)),
  );

  app.post(
    '/servers/own-nodes/enrolments',
    {
      config: { ...session, ...strictRateLimit(10) },
      schema: {
        operationId: 'createOwnNodeEnrolment',
        tags,
        summary: 'A one-time join command for a new own node (the token works once, for an hour, and is never shown again)',
        body: CreateOwnNodeEnrolmentBodySchema,
        response: { 201: OwnNodeEnrolmentSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await ownNodes.createEnrolment(requiredActor(request.actor), request.body.name)),
  );

  app.patch(
    '/servers/own-nodes/:node',
    { config: session, schema: { operationId: 'editOwnNode', tags, summary: 'Rename an own node, set its limits or the address players use', params, body: EditOwnNodeBodySchema, response: { 200: OwnNodeSchema, ...errors } } },
    async (request) => ownNodes.edit(requiredActor(request.actor), request.params.node, request.body),
  );

  app.delete(
    '/servers/own-nodes/:node',
    {
      config: session,
      schema: { operationId: 'revokeOwnNode', tags, summary: 'Revoke an own node: its credential is deleted, its tunnel closed, its servers leave the panel', params, response: { 204: z.null().describe('No content'), ...errors } },
    },
    async (request, reply) => {
      await ownNodes.revoke(requiredActor(request.actor), request.params.node);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/servers/own-nodes/:node/servers',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'createOwnNodeServer', tags, summary: 'Create a server on your own node: no plan, no payment, within the limits you set', params, body: CreateOwnNodeServerBodySchema, response: { 201: ServerSchema, ...errors } },
    },
    async (request, reply) => {
      const actor = requiredActor(request.actor);
      const id = await ownNodes.createServer(actor, request.params.node, request.body);
      return reply.code(201).send(await servers.get(actor, id));
    },
  );

  app.post(
    '/node-enrolment',
    {
      config: { ...publicRoute, ...strictRateLimit(10) },
      schema: {
        operationId: 'enrolNode',
        tags,
        summary: "A node agent's join: exchanges the single-use enrolment token for the node's tunnel credential (401 when unknown, expired or used)",
        body: NodeEnrolmentBodySchema,
        response: { 201: NodeEnrolmentResultSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await ownNodes.enrol(request.body, request.ip)),
  );
};
