import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The User-Agent convention (docs/api/README.md, "User-Agent"): never required, used to attribute downloads. */
const USER_AGENT_DESCRIPTION =
  '\n\n## User-Agent\n' +
  'Identify your launcher or tool with a `User-Agent` of the form `project/version (contact)`, e.g. ' +
  '`ModrinthApp/0.9.3 (support@example.com)` or `my-org/my-launcher/1.4.0 (https://example.com)`: the project (one or more ' +
  'names joined by `/`), a version starting with a digit, and contact details in brackets; more product tokens may follow. ' +
  'The header is not required and nothing is refused for it, but each download a client makes is attributed to the project ' +
  'it names: the download source creators see in their analytics (`GET /v2/analytics/sources/downloads`). Other clients ' +
  'count as `unknown`, and the website\'s own download links as `website`. A bare library name such as `okhttp/4.9.3` ' +
  'identifies no one.';

/** OpenAPI generated from the routes' zod schemas (the /v2 and /v3 ones) at /v2/openapi.json, browsable at /v2/docs. */
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
            'OAuth access token in the `Authorization` header. The operations tagged `v3` are a read-only ' +
            'subset of the reference v3 API under `/v3` (collections, organizations, a project, a version), ' +
            'answered in its v3 shapes; every other `/v3` path answers 404.' +
            USER_AGENT_DESCRIPTION,
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
