import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { GetOpenReportsQuerySchema, ModifyReportBodySchema, ReportIdsQuerySchema, SubmitReportBodySchema } from '@cairn/shared/schemas/report-requests';
import { ReportListSchema, ReportSchema } from '@cairn/shared/schemas/reports';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ReportsService } from './reports.service.js';

const tags = ['threads'];
const IdParams = z.object({ id: Base62IdSchema });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
const NoContent = z.null().describe('No content');

export const reportsRoutes: FastifyPluginAsyncZod<{ service: ReportsService }> = async (app, { service }) => {
  app.post(
    '/report',
    {
      config: { ...requireAuth('REPORT_CREATE'), ...strictRateLimit(30) },
      schema: {
        operationId: 'submitReport',
        tags,
        summary: 'Report a project, version or user to the moderators (one open report per item)',
        body: SubmitReportBodySchema,
        response: { 200: ReportSchema, ...errors },
      },
    },
    async (request) => service.submitReport(requiredActor(request.actor), request.body),
  );

  app.get(
    '/report',
    {
      config: requireAuth('REPORT_READ'),
      schema: {
        operationId: 'getOpenReports',
        tags,
        summary: 'Your open reports, oldest first (moderators: every open report with all=true)',
        querystring: GetOpenReportsQuerySchema,
        response: { 200: ReportListSchema, ...errors },
      },
    },
    async (request) => service.getOpenReports(requiredActor(request.actor), request.query),
  );

  app.get(
    '/report/:id',
    {
      config: requireAuth('REPORT_READ'),
      schema: { operationId: 'getReport', tags, summary: 'Get a report (its reporter or a moderator)', params: IdParams, response: { 200: ReportSchema, ...errors } },
    },
    async (request) => service.getReport(requiredActor(request.actor), request.params.id),
  );

  app.patch(
    '/report/:id',
    {
      config: requireAuth('REPORT_WRITE'),
      schema: {
        operationId: 'modifyReport',
        tags,
        summary: 'Edit a report; moderators also close or reopen it',
        params: IdParams,
        body: ModifyReportBodySchema,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.modifyReport(requiredActor(request.actor), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/report/:id',
    {
      config: requireAuth('REPORT_DELETE'),
      schema: { operationId: 'deleteReport', tags, summary: 'Delete a report (moderators)', params: IdParams, response: { 204: NoContent, ...errors } },
    },
    async (request, reply) => {
      await service.deleteReport(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/reports',
    {
      config: requireAuth('REPORT_READ'),
      schema: { operationId: 'getReports', tags, summary: 'Get multiple reports (yours; moderators any)', querystring: ReportIdsQuerySchema, response: { 200: ReportListSchema, ...errors } },
    },
    async (request) => service.getReports(requiredActor(request.actor), request.query.ids),
  );
};
