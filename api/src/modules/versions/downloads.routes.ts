import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth } from '../../plugins/auth.js';
import { DownloadMetaQuerySchema, DownloadMetaSchema } from '@cairn/shared/schemas/analytics';
import { badRequest } from '../../lib/errors.js';
import type { DownloadFacts, DownloadsService } from './downloads.service.js';
import { contentDisposition, downloadContentType } from './download-headers.js';

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range); undefined when absent or not understood, null when unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return null;
  return { start, end };
}

/** Header carrying the download's facts as JSON (`download_reason`, `game_version`, `loader`, `dependent_on`). */
export const DOWNLOAD_META_HEADER = 'cairn-download-meta';

/** The download's facts: the header's JSON, overridden by `mr_*` query parameters; a malformed header → 400. */
function downloadFacts(header: string | string[] | undefined, query: z.infer<typeof DownloadMetaQuerySchema>): DownloadFacts {
  let fromHeader: z.infer<typeof DownloadMetaSchema> = {};
  if (typeof header === 'string' && header !== '') {
    let json: unknown;
    try {
      json = JSON.parse(header);
    } catch {
      throw badRequest(`${DOWNLOAD_META_HEADER}: must be a JSON object`);
    }
    const parsed = DownloadMetaSchema.strict().safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw badRequest(`${DOWNLOAD_META_HEADER}: ${issue.path.join('.') || '(value)'} ${issue.message}`);
    }
    fromHeader = parsed.data;
  }
  return {
    reason: query.mr_download_reason ?? fromHeader.download_reason,
    loader: query.mr_loader ?? fromHeader.loader,
    gameVersion: query.mr_game_version ?? fromHeader.game_version,
    dependentOn: query.mr_dependent_on ?? fromHeader.dependent_on,
  };
}

/**
 * Version files at their stable public URL: `/data/<project>/versions/<version>/<file name>`.
 * Supports single byte ranges and conditional requests; a full download (or the first range)
 * counts once per client per version per hour. With presigned downloads (FILE_URL_MODE=presigned)
 * the bytes come from the bucket: the route checks access, counts and redirects.
 */
export const downloadRoutes: FastifyPluginAsyncZod<{ service: DownloadsService }> = async (app, { service }) => {
  app.get(
    '/data/:project/versions/:version/:filename',
    {
      config: optionalAuth('VERSION_READ'),
      schema: {
        operationId: 'downloadVersionFile',
        tags: ['version-files'],
        summary: 'Download a version file',
        description:
          'Files of versions not everyone may see need the signed `token` their links carry (valid about an hour), or a caller allowed to see the version. ' +
          'Launchers may say why and for what a file is downloaded with `mr_download_reason` (standalone, dependency, modpack, update), `mr_game_version`, ' +
          '`mr_loader` and `mr_dependent_on` (a project id), or the same fields without the prefix as JSON in the `cairn-download-meta` header; invalid values → 400.',
        params: z.object({ project: z.string().min(1).max(16), version: z.string().min(1).max(16), filename: z.string().min(1).max(255) }),
        querystring: z.object({ token: z.string().max(128).optional(), ...DownloadMetaQuerySchema.shape }),
      },
    },
    async (request, reply) => {
      const { project, version, filename } = request.params;
      const facts = downloadFacts(request.headers[DOWNLOAD_META_HEADER], request.query);
      const file = await service.findFile(request.actor, project, version, filename, request.query.token);
      const etag = `"${file.sha1}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', file.public ? 'public, max-age=31536000' : 'private, no-store')
        .type(downloadContentType(file.filename));
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();

      const range = parseRange(request.headers.range, file.size);
      const direct = await service.directUrl(file);
      if (direct) {
        // The client repeats its request (range included) at the bucket; only the first fetch counts.
        if (request.method === 'GET' && (!range || range.start === 0)) await service.countDownload(file, request.ip, facts);
        reply.removeHeader('content-disposition');
        reply.removeHeader('content-type');
        return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
      }
      if (range === null) {
        return reply.code(416).header('content-range', `bytes */${file.size}`).type('application/json').send({
          error: 'range_not_satisfiable',
          description: `The file has ${file.size} bytes`,
        });
      }
      if (request.method === 'GET' && (!range || range.start === 0)) await service.countDownload(file, request.ip, facts);
      const blob = await service.read(file, range);
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`).header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(blob.stream);
    },
  );
};
