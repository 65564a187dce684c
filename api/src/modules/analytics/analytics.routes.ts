import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AnalyticsCountriesSchema, AnalyticsQuerySchema, AnalyticsSeriesSchema, AnalyticsSourcesSchema, RecordViewBodySchema } from '@cairn/shared/schemas/analytics';
import { requiredActor } from '../../lib/actor.js';
import { sendSerialized } from '../../lib/send-json.js';
import { forbidden } from '../../lib/errors.js';
import { publicRoute, requireAuth } from '../../plugins/auth.js';
import type { AnalyticsMetric, AnalyticsService } from './analytics.service.js';

const tags = ['analytics'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
/**
 * The read routes' answers are built from integer sums and typed by their schema; re-validating a
 * year of 100 projects (36,500 entries) with zod took longer than the query, so they are written
 * out as they are (the series arrive already serialized). The schemas still document them and the
 * tests parse them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);
const readDescription =
  'Defaults: the last 14 days in 1440-minute buckets, and the caller\'s own projects. `resolution_minutes` must be a multiple of 60. ' +
  'Projects the caller may not view analytics of are left out without an error.';

export const analyticsRoutes: FastifyPluginAsyncZod<{ service: AnalyticsService; viewOrigins: readonly string[] }> = async (app, { service, viewOrigins }) => {
  const allowed = new Set(viewOrigins);

  app.post(
    '/analytics/view',
    {
      config: publicRoute,
      schema: {
        operationId: 'recordView',
        tags,
        summary: 'Report a view of a page of the site',
        description: 'Called by the website for each visit of a project page; only the site\'s own origins may call it from a browser.',
        body: RecordViewBodySchema,
        response: { 204: z.null().describe('No content'), 400: ErrorBodySchema, 403: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const origin = request.headers.origin;
      if (origin !== undefined && !allowed.has(origin)) throw forbidden('Views are only accepted from the Cairn website', 'origin_not_allowed');
      await service.recordView(request.body.url, request.ip);
      return reply.code(204).send(null);
    },
  );

  const series = (metric: AnalyticsMetric, path: string, operationId: string, summary: string) =>
    app.get(
      path,
      {
        config: requireAuth('ANALYTICS'),
        schema: { operationId, tags, summary, description: readDescription, querystring: AnalyticsQuerySchema, response: { 200: AnalyticsSeriesSchema, ...errors } },
      },
      async (request, reply) => sendSerialized(reply, await service.getSeriesJson(requiredActor(request.actor), metric, request.query)),
    );
  series('view', '/analytics/views', 'getViewAnalytics', 'Views of projects per time bucket');
  series('download', '/analytics/downloads', 'getDownloadAnalytics', 'Downloads of projects per time bucket');

  const countries = (metric: AnalyticsMetric, path: string, operationId: string, summary: string) =>
    app.get(
      path,
      {
        config: requireAuth('ANALYTICS'),
        schema: { operationId, tags, summary, description: readDescription, querystring: AnalyticsQuerySchema, response: { 200: AnalyticsCountriesSchema, ...errors } },
        serializerCompiler: plainJson,
      },
      async (request) => service.getBreakdown(requiredActor(request.actor), metric, 'country', request.query),
    );
  countries('view', '/analytics/countries/views', 'getViewCountryAnalytics', 'Views of projects per country over the range');
  countries('download', '/analytics/countries/downloads', 'getDownloadCountryAnalytics', 'Downloads of projects per country over the range');

  app.get(
    '/analytics/sources/downloads',
    {
      config: requireAuth('ANALYTICS'),
      schema: {
        operationId: 'getDownloadSourceAnalytics',
        tags,
        summary: 'Downloads of projects per download source over the range',
        description:
          'Answers `{project_id: {source: downloads}}`. A source is the launcher or tool that downloaded the files, as the `project` part of a ' +
          'User-Agent of the form `project/version (contact)` (e.g. `CairnApp/0.9.3 (support@example.com)` → `CairnApp`); `website` for ' +
          'downloads from the Cairn website\'s own pages; `unknown` for every other client (and for downloads counted before sources were recorded). ' +
          readDescription,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSourcesSchema, ...errors },
      },
      serializerCompiler: plainJson,
    },
    async (request) => service.getBreakdown(requiredActor(request.actor), 'download', 'source', request.query),
  );
};
