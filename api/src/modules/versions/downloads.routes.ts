import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth } from '../../plugins/auth.js';
import { DownloadMetaQuerySchema, DownloadMetaSchema, type DownloadMetaHeader } from '@cairn/shared/schemas/analytics';
import { badRequest } from '../../lib/errors.js';
import type { DownloadFacts, DownloadsService } from './downloads.service.js';
import { contentDisposition, downloadContentType } from './download-headers.js';
import { downloadSource } from '../analytics/download-source.js';

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

type MetaQuery = z.infer<typeof DownloadMetaQuerySchema>;
type HeaderFacts = Omit<DownloadFacts, 'source'>;

/**
 * One download-meta header's facts; an absent or empty header gives none, a malformed one → 400
 * naming the header and the field. Cairn's own header refuses keys it does not know; the
 * reference's ignores them, as the reference does (launchers written for it may send more).
 */
function headerFacts(name: DownloadMetaHeader, header: string | string[] | undefined): HeaderFacts {
  if (typeof header !== 'string' || header.trim() === '') return {};
  let json: unknown;
  try {
    json = JSON.parse(header);
  } catch {
    throw badRequest(`${name}: must be a JSON object`);
  }
  const schema = name === 'cairn-download-meta' ? DownloadMetaSchema.strict() : DownloadMetaSchema;
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${name}: ${issue.path.join('.') || '(value)'} ${issue.message}`);
  }
  const meta = parsed.data;
  return {
    reason: meta.download_reason ?? meta.reason ?? undefined,
    loader: meta.loader ?? undefined,
    gameVersion: meta.game_version ?? undefined,
    dependentOn: meta.dependent_on ?? undefined,
  };
}

/**
 * The download's facts, each taken from the first place that gives it: the `mr_*` query
 * parameters, then `cairn-download-meta`, then `modrinth-download-meta`. Every header present is
 * validated, even where another one wins.
 */
function downloadFacts(headers: Record<string, string | string[] | undefined>, query: MetaQuery): HeaderFacts {
  const own = headerFacts('cairn-download-meta', headers['cairn-download-meta']);
  const reference = headerFacts('modrinth-download-meta', headers['modrinth-download-meta']);
  const pick = <K extends keyof HeaderFacts>(key: K, fromQuery: HeaderFacts[K]) => fromQuery ?? own[key] ?? reference[key];
  return {
    reason: pick('reason', query.mr_download_reason),
    loader: pick('loader', query.mr_loader),
    gameVersion: pick('gameVersion', query.mr_game_version),
    dependentOn: pick('dependentOn', query.mr_dependent_on),
  };
}

/**
 * Version files at their stable public URL: `/data/<project>/versions/<version>/<file name>`.
 * Supports single byte ranges and conditional requests; a full download (or the first range)
 * counts once per client per version per hour, with its facts and its download source (the
 * launcher a well-formed User-Agent names, `website` for the site's own pages — `siteOrigins` —,
 * else `unknown`). With presigned downloads (FILE_URL_MODE=presigned) the bytes come from the
 * bucket: the route checks access, counts and redirects.
 */
export const downloadRoutes: FastifyPluginAsyncZod<{ service: DownloadsService; siteOrigins: readonly string[] }> = async (app, { service, siteOrigins }) => {
  const site = new Set(siteOrigins);
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
          '`mr_loader` and `mr_dependent_on` (a project id), or as JSON in the `modrinth-download-meta` header ' +
          '(`{"reason": "dependency", "game_version": "1.20.1", "loader": "fabric", "dependent_on": "AABBCCDD"}`, the reference platform\'s header, ' +
          'unknown keys ignored, `null` for a fact left out) or in Cairn\'s own `cairn-download-meta` header (the same keys, `download_reason` also accepted ' +
          'for `reason`, unknown keys refused). Invalid values → 400 naming the header or parameter and the field. Each fact is taken from the query ' +
          'parameters first, then `cairn-download-meta`, then `modrinth-download-meta`; the download is counted once either way. ' +
          'Counted downloads are attributed to a download source: the `project` part of a User-Agent of the form `project/version (contact)`, ' +
          '`website` for the Cairn website\'s own download links, else `unknown`. The User-Agent is never required.',
        params: z.object({ project: z.string().min(1).max(16), version: z.string().min(1).max(16), filename: z.string().min(1).max(255) }),
        querystring: z.object({ token: z.string().max(128).optional(), ...DownloadMetaQuerySchema.shape }),
      },
    },
    async (request, reply) => {
      const { project, version, filename } = request.params;
      const facts: DownloadFacts = {
        ...downloadFacts(request.headers, request.query),
        source: downloadSource({ userAgent: request.headers['user-agent'], origin: request.headers.origin, referer: request.headers.referer }, site),
      };
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
