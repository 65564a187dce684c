import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/errors.js';
import { isDatabaseTimeout, isDatabaseUnavailable } from '../lib/pg-errors.js';

/** Every non-2xx answer is `{ error, description }`; internals never reach the client. */
export interface ErrorBody {
  error: string;
  description: string;
}

const INTERNAL_DESCRIPTION = 'An internal error occurred. Please try again later.';
const DATABASE_UNAVAILABLE_DESCRIPTION = 'The database is temporarily unavailable; please try again in a few seconds.';
const DATABASE_TIMEOUT_DESCRIPTION = 'The database did not answer in time; please try again in a few seconds.';
/** Seconds a client should wait before retrying an answer 503 (a dependency down or overloaded). */
const RETRY_AFTER_SECONDS = '5';

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

function describeField(context: string | undefined, field: string, message: string): string {
  const where = PART_NAMES[context ?? 'body'] ?? context ?? 'input';
  return field ? `${where} '${field}': ${message}` : `${where}: ${message}`;
}

/** "Invalid body 'title': Too big: expected string to have <=64 characters" */
export function describeValidation(context: string | undefined, issues: Array<{ instancePath: string; message?: string }>): string {
  const details = issues.map((issue) =>
    describeField(context, issue.instancePath.replace(/^\//, '').replace(/\//g, '.'), issue.message ?? 'is invalid'),
  );
  return `Invalid ${details.join('; ')}`;
}

/** "Invalid path parameter 'id': must not contain a NUL character" */
export function describeInvalidField(context: string | undefined, field: string, message: string): string {
  return `Invalid ${describeField(context, field, message)}`;
}

/** Errors the router raises before any route runs (Fastify's `frameworkErrors` option). */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ error: 'uri_too_long', description: 'A path parameter is too long' } satisfies ErrorBody);
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .code(400)
      .send({ error: 'invalid_input', description: 'The URL is not valid: it holds a malformed percent-escape' } satisfies ErrorBody);
    return;
  }
  void reply.code(400).send({ error: 'invalid_input', description: 'The request is not valid' } satisfies ErrorBody);
}

const HTTP_CLIENT_ERRORS: Record<string, { status: number; reason: string; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    body: { error: 'request_header_fields_too_large', description: 'The request line or headers are too large' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    body: { error: 'request_timeout', description: 'The request took too long to arrive' },
  },
};

/**
 * Requests Node's HTTP parser rejects never reach Fastify; they still get the one error shape
 * (Fastify's `clientErrorHandler` option) instead of a bare status line.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = (error.code && HTTP_CLIENT_ERRORS[error.code]) || {
    status: 400,
    reason: 'Bad Request',
    body: { error: 'invalid_input', description: 'The request is not valid HTTP' },
  };
  const payload = JSON.stringify(known.body);
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(payload)}\r\n` +
      'Connection: close\r\n\r\n' +
      payload,
  );
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setNotFoundHandler((_request, reply) => {
      reply.code(404).send({ error: 'not_found', description: 'The requested route does not exist' } satisfies ErrorBody);
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      const send = (status: number, body: ErrorBody) => reply.code(status).send(body);

      if (error instanceof ApiError) {
        reply.headers(error.headers);
        if (error.statusCode === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', RETRY_AFTER_SECONDS);
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
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        return send(503, { error: 'database_unavailable', description: DATABASE_UNAVAILABLE_DESCRIPTION });
      }
      if (isDatabaseTimeout(error)) {
        request.log.warn({ err: error }, 'database timeout');
        reply.header('retry-after', RETRY_AFTER_SECONDS);
        return send(503, { error: 'database_timeout', description: DATABASE_TIMEOUT_DESCRIPTION });
      }
      request.log.error({ err: error }, 'unexpected error');
      return send(500, { error: 'internal_error', description: INTERNAL_DESCRIPTION });
    });
  },
  { name: 'error-handler' },
);
