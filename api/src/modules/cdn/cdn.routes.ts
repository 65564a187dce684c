import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';
import { publicRoute } from '../../plugins/auth.js';
import type { FileStore } from '../../lib/storage/file-store.js';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Public, immutable blobs (icons, avatars, gallery images) by content address:
 * `GET /cdn/<sha512>.<ext>`. Version files have their own download route with counting.
 */
export const cdnRoutes: FastifyPluginAsyncZod<{ files: FileStore }> = async (app, { files }) => {
  app.get(
    '/cdn/:key',
    {
      schema: {
        operationId: 'getImage',
        tags: ['files'],
        summary: 'Get an uploaded image by its content address',
        params: z.object({ key: z.string().regex(/^[0-9a-f]{128}\.(png|jpg|gif|webp)$/) }),
      },
      config: publicRoute,
    },
    async (request, reply) => {
      const blob = await files.read(request.params.key);
      if (!blob) throw notFound('No such file');
      const extension = request.params.key.split('.').pop()!;
      return reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', blob.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(blob.stream);
    },
  );
};
