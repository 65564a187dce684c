import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { UploadImageQuerySchema, UploadedImageSchema } from '@cairn/shared/schemas/images';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { imageBody } from '../../lib/image-body.js';
import { MAX_TEXT_IMAGE_BYTES, type ImagesService } from './images.service.js';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

export const imagesRoutes: FastifyPluginAsyncZod<{ service: ImagesService }> = async (app, { service }) => {
  // The image is the raw request body; one byte over the limit is read so the service can name it.
  app.addContentTypeParser(/^(image\/[\w.+-]+|application\/octet-stream)$/, { parseAs: 'buffer', bodyLimit: MAX_TEXT_IMAGE_BYTES + 1 }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/image',
    {
      // The scope depends on the context (PROJECT_WRITE, VERSION_WRITE, THREAD_WRITE or REPORT_WRITE): checked by the service.
      config: requireAuth(),
      schema: {
        operationId: 'uploadImage',
        tags: ['images'],
        summary: 'Upload an image for markdown text',
        description:
          'The body is the image (PNG, JPEG, GIF or WebP), at most 1 MiB. Scope by context: project PROJECT_WRITE, version VERSION_WRITE, thread_message THREAD_WRITE, report REPORT_WRITE; the id of the item (project_id, version_id…) is required and the caller must be allowed to edit its text.',
        querystring: UploadImageQuerySchema,
        response: { 200: UploadedImageSchema, ...errors },
      },
    },
    async (request) => {
      return service.uploadImage(requiredActor(request.actor), request.query, imageBody(request.body));
    },
  );
};
