import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ProxyImageQuerySchema } from '@cairn/shared/schemas/image-proxy';
import { publicRoute } from '../../plugins/auth.js';
import type { ImageProxyService } from './image-proxy.service.js';

const errors = { 400: ErrorBodySchema, 403: ErrorBodySchema, 413: ErrorBodySchema, 415: ErrorBodySchema, 422: ErrorBodySchema, 502: ErrorBodySchema, 504: ErrorBodySchema };

export const imageProxyRoutes: FastifyPluginAsyncZod<{ service: ImageProxyService }> = async (app, { service }) => {
  app.get(
    '/image-proxy',
    {
      // Public like the pages that show these images: no credential, no scope; the common per-IP (or site) rate limit applies.
      config: publicRoute,
      schema: {
        operationId: 'proxyImage',
        tags: ['images'],
        summary: 'An external image of markdown text, through Cairn',
        description:
          'Fetches the http(s) image at `url` (never an address of this host or a private network), re-encodes it (PNG, JPEG, GIF and WebP keep their format, ' +
          'animations kept; SVG becomes PNG; wider images are scaled down) and answers it from Cairn’s own origin. Images are kept for a day (IMAGE_PROXY_TTL_SECONDS), ' +
          'failures for a few minutes. 400 bad URL, 403 refused address, 413 too large, 415 not an image, 422 unknown host, 502 origin failure, 504 origin timeout.',
        querystring: ProxyImageQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const image = await service.proxyImage(request.query.url);
      return reply
        .type(image.contentType)
        .header('content-length', image.size)
        .header('cache-control', `public, max-age=${image.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('content-disposition', 'inline')
        // The 200 answer is the image's bytes, not JSON: no schema types it, so the stream is passed as is.
        .send(image.stream as never);
    },
  );
};
