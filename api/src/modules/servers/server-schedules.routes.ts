import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import {
  CreateServerScheduleBodySchema,
  EditServerScheduleBodySchema,
  ServerScheduleListSchema,
  ServerScheduleRunListSchema,
  ServerScheduleRunSchema,
  ServerScheduleSchema,
} from '@cairn/shared/schemas/server-schedules';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerSchedulesService } from './server-schedules.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const session = requireAuth('SESSION_ACCESS');
const params = z.object({ id: Base62IdSchema });
const scheduleParams = params.extend({ schedule: Base62IdSchema });

/** Schedules of a server under /servers/{id}/schedules: CRUD, run now and the run history. */
export const serverSchedulesRoutes: FastifyPluginAsyncZod<{ schedules: ServerSchedulesService }> = async (app, { schedules }) => {
  app.get(
    '/servers/:id/schedules',
    { config: session, schema: { operationId: 'listServerSchedules', tags, summary: "A server's schedules with their next and last runs, and the plan's limit", params, response: { 200: ServerScheduleListSchema, ...errors } } },
    async (request) => schedules.list(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/schedules',
    {
      config: { ...session, ...strictRateLimit(60) },
      schema: {
        operationId: 'createServerSchedule',
        tags,
        summary: 'Add a schedule (409 `schedule_limit` at the plan\'s maximum)',
        params,
        body: CreateServerScheduleBodySchema,
        response: { 201: ServerScheduleSchema, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await schedules.create(requiredActor(request.actor), request.params.id, request.body)),
  );

  app.patch(
    '/servers/:id/schedules/:schedule',
    {
      config: session,
      schema: { operationId: 'editServerSchedule', tags, summary: 'Change a schedule, or turn it on or off', params: scheduleParams, body: EditServerScheduleBodySchema, response: { 200: ServerScheduleSchema, ...errors } },
    },
    async (request) => schedules.update(requiredActor(request.actor), request.params.id, request.params.schedule, request.body),
  );

  app.delete(
    '/servers/:id/schedules/:schedule',
    { config: session, schema: { operationId: 'deleteServerSchedule', tags, summary: 'Delete a schedule and its history', params: scheduleParams, response: { 204: z.null().describe('No content'), ...errors } } },
    async (request, reply) => {
      await schedules.remove(requiredActor(request.actor), request.params.id, request.params.schedule);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/servers/:id/schedules/:schedule/run',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'runServerSchedule', tags, summary: 'Run a schedule now (202; its steps run in the background)', params: scheduleParams, response: { 202: ServerScheduleRunSchema, ...errors } },
    },
    async (request, reply) => reply.code(202).send(await schedules.runNow(requiredActor(request.actor), request.params.id, request.params.schedule)),
  );

  app.get(
    '/servers/:id/schedules/:schedule/runs',
    { config: session, schema: { operationId: 'listServerScheduleRuns', tags, summary: "A schedule's last 50 runs, newest first, with outcome, reason and duration", params: scheduleParams, response: { 200: ServerScheduleRunListSchema, ...errors } } },
    async (request) => schedules.history(requiredActor(request.actor), request.params.id, request.params.schedule),
  );
};
