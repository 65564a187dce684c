import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AgentArchiveBodySchema,
  AgentExtractBodySchema,
  AgentFilePathQuerySchema,
  AgentMkdirBodySchema,
  AgentPathsBodySchema,
  AgentRenameBodySchema,
  AgentUploadQuerySchema,
} from '@cairn/shared/schemas/node-agent';
import type { ActivityJournal } from '../access-journal.js';
import { AgentError } from '../errors.js';
import { serverFiles } from '../files.js';
import type { ServerManager } from '../server-manager.js';
import { parse, requireAuth, type AuthContext } from './http.js';
import { IdParamsSchema } from './servers.js';

/**
 * Raw bodies arrive as streams; text/plain is already read into a string by Fastify. A parsed
 * JSON body would be re-serialised, not the file as sent, so it is refused.
 */
export function bodyStream(body: unknown): Readable {
  if (body instanceof Readable) return body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return Readable.from([Buffer.from(body)]);
  if (body === undefined || body === null) return Readable.from([]);
  throw new AgentError(415, 'unsupported_media_type', 'body: send the file as application/octet-stream or text/plain');
}

/** A short description of a file change for the activity log: the paths it touched. */
function describeChange(action: string, request: FastifyRequest): string {
  const query = request.query as { path?: unknown };
  const body = (request.body ?? {}) as { from?: unknown; to?: unknown; paths?: unknown; path?: unknown; destination?: unknown };
  const text = (value: unknown) => (typeof value === 'string' ? value : Array.isArray(value) ? value.filter((v) => typeof v === 'string').join(', ') : '');
  const detail =
    action === 'rename' ? `${text(body.from)} → ${text(body.to)}`
    : action === 'delete' ? text(body.paths)
    : action === 'archive' ? `${text(body.paths)} → ${text(body.destination)}`
    : action === 'extract' ? `${text(body.path)} → ${text(body.destination)}`
    : action === 'mkdir' ? text(body.path)
    : text(query.path);
  return detail.slice(0, 500);
}

const contentDisposition = (name: string) => `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;

/** /api/servers/:id/files/*: every path is relative to (and confined in) the server folder. */
export function fileRoutes(app: FastifyInstance, manager: ServerManager, auth: AuthContext, journal: ActivityJournal) {
  const filesOf = (params: unknown) => {
    const server = manager.get(parse(IdParamsSchema, params).id);
    return serverFiles(server.files, async () => manager.storageLimit(server) - (await manager.storageUsed(server)), manager.stagingDir);
  };
  const read = { onRequest: requireAuth(auth, 'files.read') };
  // A change made with a user's access token goes into the server's activity report once it succeeded.
  const report = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 300 || request.caller?.kind !== 'access') return;
    const { id } = parse(IdParamsSchema, request.params);
    const action = request.routeOptions.url?.split('/').pop() ?? 'change';
    await journal.record(id, { user: request.caller.claims.sub, kind: 'files', action: action === 'contents' ? 'write' : action, detail: describeChange(action, request) });
  };
  const write = { onRequest: requireAuth(auth, 'files.write'), onResponse: report };

  app.get('/api/servers/:id/files/list', read, async (request) => {
    const { path } = parse(AgentFilePathQuerySchema, request.query);
    return filesOf(request.params).list(path);
  });

  app.get('/api/servers/:id/files/contents', read, async (request, reply) => {
    const { path } = parse(AgentFilePathQuerySchema, request.query);
    const text = await filesOf(request.params).readText(path);
    return reply.type('text/plain; charset=utf-8').send(text);
  });

  app.get('/api/servers/:id/files/download', read, async (request, reply) => {
    const { path } = parse(AgentFilePathQuerySchema, request.query);
    const file = await filesOf(request.params).openDownload(path);
    return reply
      .type('application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', contentDisposition(file.name))
      .send(file.stream);
  });

  // Body is the raw file (any content type), streamed to disk; PUT and POST behave the same.
  const upload = async (request: { params: unknown; query: unknown; body: unknown }) => {
    const { path, overwrite } = parse(AgentUploadQuerySchema, request.query);
    return filesOf(request.params).write(path, bodyStream(request.body), { overwrite: overwrite === 'true' });
  };
  app.put('/api/servers/:id/files/contents', write, async (request) => upload(request));
  app.post('/api/servers/:id/files/upload', write, async (request, reply) => reply.code(201).send(await upload(request)));

  app.post('/api/servers/:id/files/rename', write, async (request, reply) => {
    const { from, to } = parse(AgentRenameBodySchema, request.body);
    await filesOf(request.params).rename(from, to);
    return reply.code(204).send();
  });

  app.post('/api/servers/:id/files/delete', write, async (request, reply) => {
    const { paths } = parse(AgentPathsBodySchema, request.body);
    await filesOf(request.params).remove(paths);
    return reply.code(204).send();
  });

  app.post('/api/servers/:id/files/mkdir', write, async (request, reply) => {
    const { path } = parse(AgentMkdirBodySchema, request.body);
    await filesOf(request.params).mkdir(path);
    return reply.code(204).send();
  });

  app.post('/api/servers/:id/files/archive', write, async (request, reply) => {
    const { paths, destination } = parse(AgentArchiveBodySchema, request.body);
    return reply.code(201).send(await filesOf(request.params).archive(paths, destination));
  });

  app.post('/api/servers/:id/files/extract', write, async (request, reply) => {
    const { path, destination } = parse(AgentExtractBodySchema, request.body);
    await filesOf(request.params).extract(path, destination);
    return reply.code(204).send();
  });
}
