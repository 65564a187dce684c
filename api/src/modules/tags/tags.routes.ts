import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CategoryTagSchema,
  DonationPlatformTagSchema,
  GameVersionTagSchema,
  LicenseTagSchema,
  LicenseTextSchema,
  LoaderTagSchema,
} from '@cairn/shared/schemas/tags';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { publicRoute } from '../../plugins/auth.js';
import type { TagsService } from './tags.service.js';
import { toCategoryTag, toDonationPlatformTag, toGameVersionTag, toLicenseTag, toLoaderTag } from './tags.mapper.js';

const tags = ['tags'];
const StringListSchema = z.array(z.string());

/** Reference data changes rarely; let clients and proxies keep it for a few minutes. */
const CACHE = 'public, max-age=300';

export const tagsRoutes: FastifyPluginAsyncZod<{ service: TagsService }> = async (app, { service }) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('cache-control', CACHE);
  });

  app.get('/tag/category', { config: publicRoute, schema: { operationId: 'categoryList', tags, summary: 'Get a list of categories', response: { 200: z.array(CategoryTagSchema) } } }, async () =>
    (await service.listCategories()).map(toCategoryTag),
  );

  app.get('/tag/loader', { config: publicRoute, schema: { operationId: 'loaderList', tags, summary: 'Get a list of loaders', response: { 200: z.array(LoaderTagSchema) } } }, async () =>
    (await service.listLoaders()).map(toLoaderTag),
  );

  app.get(
    '/tag/game_version',
    {
      config: publicRoute,
      schema: {
        operationId: 'versionList',
        tags,
        summary: 'Get a list of game versions',
        querystring: z.object({
          type: z.enum(['release', 'snapshot', 'beta', 'alpha']).optional(),
          major: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
        }),
        response: { 200: z.array(GameVersionTagSchema) },
      },
    },
    async (request) => (await service.listGameVersions(request.query)).map(toGameVersionTag),
  );

  app.get('/tag/license', { config: publicRoute, schema: { operationId: 'licenseList', tags, summary: 'Get a list of licenses', response: { 200: z.array(LicenseTagSchema) } } }, async () =>
    (await service.listLicenses()).map(toLicenseTag),
  );

  app.get(
    '/tag/license/:id',
    {
      config: publicRoute,
      schema: {
        operationId: 'licenseText',
        tags,
        summary: 'Get the text and title of a license',
        params: z.object({ id: z.string().min(1).max(128) }),
        response: { 200: LicenseTextSchema, 400: ErrorBodySchema },
      },
    },
    async (request) => service.getLicenseText(request.params.id),
  );

  app.get('/tag/donation_platform', { config: publicRoute, schema: { operationId: 'donationPlatformList', tags, summary: 'Get a list of donation platforms', response: { 200: z.array(DonationPlatformTagSchema) } } }, async () =>
    (await service.listDonationPlatforms()).map(toDonationPlatformTag),
  );

  app.get('/tag/report_type', { config: publicRoute, schema: { operationId: 'reportTypeList', tags, summary: 'Get a list of report types', response: { 200: StringListSchema } } }, async () =>
    service.listReportTypes(),
  );

  app.get('/tag/project_type', { config: publicRoute, schema: { operationId: 'projectTypeList', tags, summary: 'Get a list of project types', response: { 200: StringListSchema } } }, async () =>
    service.listProjectTypes(),
  );

  app.get('/tag/side_type', { config: publicRoute, schema: { operationId: 'sideTypeList', tags, summary: 'Get a list of side types', response: { 200: StringListSchema } } }, async () =>
    service.listSideTypes(),
  );
};
