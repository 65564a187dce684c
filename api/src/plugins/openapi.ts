import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas at /v2/openapi.json, browsable at /v2/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; publicApiUrl: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Cairn API',
          version: options.version,
          description:
            'The public API of Cairn. Compatible with the v2 API that game launchers already speak: ' +
            'point an existing client at this base URL. Authenticate with a personal access token or an ' +
            'OAuth access token in the `Authorization` header.',
        },
        servers: [{ url: options.publicApiUrl }],
        components: {
          securitySchemes: {
            TokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/v2/docs',
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
    app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  { name: 'openapi' },
);
