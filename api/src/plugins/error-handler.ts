import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/errors.js';

/** Every non-2xx answer is `{ error, description }`; internals never reach the client. */
export interface ErrorBody {
  error: string;
  description: string;
}

const INTERNAL_DESCRIPTION = 'An internal error occurred. Please try again later.';

/** Fastify's own client errors, by code, mapped to our codes. */
const FASTIFY_CLIENT_ERRORS: Record<string, { code: string; describe: (e: FastifyError) => string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload_too_large', describe: () => 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'unsupported_media_type',
    describe: (e) => `Unsupported content type${e.message.includes(':') ? `: ${e.message.split(':').pop()!.trim()}` : ''}`,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'invalid_input',
    describe: () => "The body cannot be empty when content-type is 'application/json'",
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid_input', describe: () => 'The request body is not valid JSON' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'invalid_input',
    describe: () => 'The Content-Length header does not match the body',
  },
};

const PART_NAMES: Record<string, string> = {
  body: 'body',
  querystring: 'query parameter',
  params: 'path parameter',
  headers: 'header',
};

/** "Invalid body 'title': Too big: expected string to have <=64 characters" */
export function describeValidation(context: string | undefined, issues: Array<{ instancePath: string; message?: string }>): string {
  const where = PART_NAMES[context ?? 'body'] ?? context ?? 'input';
  const details = issues.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const message = issue.message ?? 'is invalid';
    return field ? `${where} '${field}': ${message}` : `${where}: ${message}`;
  });
  return `Invalid ${details.join('; ')}`;
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ error: 'not_found', description: 'The requested route does not exist' } satisfies ErrorBody);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

      if (error instanceof ApiError) {
        reply.headers(error.headers);
        if (error.statusCode >= 500) request.log.error({ err: error }, 'service error');
        return send(error.statusCode, { error: error.code, description: error.description });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        return send(400, {
          error: 'invalid_input',
          description: describeValidation(error.validationContext, error.validation),
        });
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
        return send(500, { error: 'internal_error', description: INTERNAL_DESCRIPTION });
      }
      const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      if (known && error.statusCode) return send(error.statusCode, { error: known.code, description: known.describe(error) });
      if (error.statusCode === 429) {
        return send(429, { error: 'ratelimit_error', description: error.message });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        // Other framework-level client errors (e.g. malformed multipart): keep the status, not the internals.
        request.log.info({ err: error }, 'client error');
        return send(error.statusCode, { error: 'invalid_input', description: error.message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(500, { error: 'internal_error', description: INTERNAL_DESCRIPTION });
    });
  },
  { name: 'error-handler' },
);
