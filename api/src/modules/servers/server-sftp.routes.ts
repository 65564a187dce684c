import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Base62IdSchema, ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerSftpPasswordSchema, ServerSftpSchema, SetServerSftpKeysBodySchema } from '@cairn/shared/schemas/server-sftp';
import { requiredActor } from '../../lib/actor.js';
import { requireAuth } from '../../plugins/auth.js';
import { strictRateLimit } from '../../plugins/rate-limit.js';
import type { ServerSftpService } from './server-sftp.service.js';

const tags = ['servers'];
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema };
const params = z.object({ id: Base62IdSchema });
const session = requireAuth('SESSION_ACCESS');

/** The caller's SFTP login to a server (docs/api/servers.md, "SFTP"). */
export const serverSftpRoutes: FastifyPluginAsyncZod<{ sftp: ServerSftpService }> = async (app, { sftp }) => {
  app.get(
    '/servers/:id/sftp',
    { config: session, schema: { operationId: 'getServerSftp', tags, summary: "How to reach the server's files over SFTP: host, port, login name, host key fingerprint, keys", params, response: { 200: ServerSftpSchema, ...errors } } },
    async (request) => sftp.get(requiredActor(request.actor), request.params.id),
  );

  app.post(
    '/servers/:id/sftp/password',
    {
      config: { ...session, ...strictRateLimit(20) },
      schema: { operationId: 'generateServerSftpPassword', tags, summary: 'Generate a new SFTP password, answered this once (the previous one stops working)', params, response: { 200: ServerSftpPasswordSchema, ...errors } },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await sftp.generatePassword(requiredActor(request.actor), request.params.id)),
  );

  app.put(
    '/servers/:id/sftp/keys',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'setServerSftpKeys', tags, summary: 'Replace the public keys that may log in over SFTP', params, body: SetServerSftpKeysBodySchema, response: { 200: ServerSftpSchema, ...errors } },
    },
    async (request) => sftp.setKeys(requiredActor(request.actor), request.params.id, request.body),
  );

  app.delete(
    '/servers/:id/sftp',
    {
      config: { ...session, ...strictRateLimit(30) },
      schema: { operationId: 'revokeServerSftp', tags, summary: 'Remove your SFTP login (password and keys); open sessions end at once', params, response: { 204: z.null().describe('No content'), ...errors } },
    },
    async (request, reply) => {
      await sftp.revoke(requiredActor(request.actor), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
