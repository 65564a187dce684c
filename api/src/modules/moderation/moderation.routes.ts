import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  DeleteLocksResultSchema,
  GetModerationLogQuerySchema,
  GetModerationProjectsQuerySchema,
  LockStatusSchema,
  ModerationLogSchema,
  ModerationQueueSchema,
  QueuePositionSchema,
  ReleaseLockResultSchema,
  TakeLockResultSchema,
} from '@cairn/shared/schemas/moderation';
import { requiredActor } from '../../lib/actor.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import { toLockStatus, toLogEntry, toQueuePosition, toQueueProject, toTakeLockResult } from './moderation.mapper.js';
import type { ModerationService } from './moderation.service.js';

const tags = ['moderation'];
const ProjectParams = z.object({ project: z.string().min(1).max(128) });
const IdParams = z.object({ id: z.string().min(1).max(128) });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService; cdnUrl: string }> = async (app, { service, cdnUrl }) => {
  app.get(
    '/moderation/projects',
    {
      config: requireAuth('PROJECT_READ'),
      schema: {
        operationId: 'getModerationQueue',
        tags,
        summary: 'Projects waiting for review (moderators)',
        querystring: GetModerationProjectsQuerySchema,
        response: { 200: ModerationQueueSchema, ...errors },
      },
    },
    async (request) => {
      const { total, rows, translations } = await service.listQueue(requiredActor(request.actor), request.query);
      return { total, projects: rows.map((row) => toQueueProject(row, cdnUrl, translations.filter((t) => t.projectId === row.id))) };
    },
  );

  const takeLock = (override: boolean) => async (request: { actor: Parameters<typeof requiredActor>[0]; params: { project: string } }) => {
    const actor = requiredActor(request.actor);
    const { success, view } = override ? await service.overrideLock(actor, request.params.project) : await service.takeLock(actor, request.params.project);
    return toTakeLockResult(success, view);
  };

  app.post(
    '/moderation/lock/:project',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: {
        operationId: 'takeReviewLock',
        tags,
        summary: 'Take (or refresh) the review lock of a project',
        params: ProjectParams,
        response: { 200: TakeLockResultSchema, ...errors },
      },
    },
    takeLock(false),
  );

  app.post(
    '/moderation/lock/:project/override',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: {
        operationId: 'overrideReviewLock',
        tags,
        summary: "Take a project's review lock from another moderator (admins)",
        params: ProjectParams,
        response: { 200: TakeLockResultSchema, ...errors },
      },
    },
    takeLock(true),
  );

  app.get(
    '/moderation/lock/:project',
    {
      config: requireAuth('PROJECT_READ'),
      schema: { operationId: 'getReviewLock', tags, summary: "A project's review lock", params: ProjectParams, response: { 200: LockStatusSchema, ...errors } },
    },
    async (request) => toLockStatus(await service.getLock(requiredActor(request.actor), request.params.project)),
  );

  app.delete(
    '/moderation/lock/:project',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'releaseReviewLock', tags, summary: 'Release your review lock of a project', params: ProjectParams, response: { 200: ReleaseLockResultSchema, ...errors } },
    },
    async (request) => ({ success: await service.releaseLock(requiredActor(request.actor), request.params.project) }),
  );

  app.delete(
    '/moderation/locks',
    {
      config: requireAuth('PROJECT_WRITE'),
      schema: { operationId: 'clearReviewLocks', tags, summary: 'Release every review lock (admins)', response: { 200: DeleteLocksResultSchema, 401: ErrorBodySchema } },
    },
    async (request) => ({ deleted_count: await service.clearLocks(requiredActor(request.actor)) }),
  );

  app.get(
    '/moderation/log',
    {
      config: publicRoute,
      schema: {
        operationId: 'getModerationLog',
        tags,
        summary: 'Public log of moderation decisions on public projects',
        querystring: GetModerationLogQuerySchema,
        response: { 200: ModerationLogSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const { total, rows } = await service.listLog(request.query.offset, request.query.limit);
      return { total, entries: rows.map(toLogEntry) };
    },
  );

  app.get(
    '/project/:id/queue',
    {
      config: requireAuth('PROJECT_READ'),
      schema: {
        operationId: 'getProjectQueuePosition',
        tags,
        summary: "A project's place in the review queue and the typical review time (its team and moderators)",
        params: IdParams,
        response: { 200: QueuePositionSchema, ...errors },
      },
    },
    async (request) => toQueuePosition(await service.getQueuePosition(requiredActor(request.actor), request.params.id)),
  );
};
