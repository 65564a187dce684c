import { createHash, randomBytes } from 'node:crypto';
import { zipSync, strToU8 } from 'fflate';
import type { FastifyInstance } from 'fastify';
import { multipart, type Part } from './multipart.js';

export const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');
export const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('hex');

/** A small valid jar (zip with a manifest and a class-like entry), unique per call. */
export function jar(name = 'mod'): Buffer {
  return Buffer.from(
    zipSync({
      'META-INF/MANIFEST.MF': strToU8(`Manifest-Version: 1.0\nImplementation-Title: ${name}\n`),
      [`${name}/${randomBytes(4).toString('hex')}.txt`]: randomBytes(64),
    }),
  );
}

/** A `.mrpack`: a zip holding `modrinth.index.json` (and optional overrides). */
export function mrpack(index: Record<string, unknown>): Buffer {
  return Buffer.from(zipSync({ 'modrinth.index.json': strToU8(JSON.stringify(index)), 'overrides/config/readme.txt': strToU8('pack settings') }));
}

export interface VersionData {
  project_id?: string;
  name?: string;
  version_number?: string;
  changelog?: string;
  dependencies?: unknown[];
  game_versions?: string[];
  version_type?: string;
  loaders?: string[];
  featured?: boolean;
  status?: string;
  file_parts?: string[];
  primary_file?: string;
  [key: string]: unknown;
}

export function versionData(projectKey: string, overrides: VersionData = {}): VersionData {
  return {
    project_id: projectKey,
    name: 'First light',
    version_number: '1.0.0',
    changelog: 'Initial release.',
    dependencies: [],
    game_versions: ['1.20.1'],
    version_type: 'release',
    loaders: ['fabric'],
    featured: false,
    file_parts: ['file'],
    ...overrides,
  };
}

/** POST /v2/version with `data` then the given file parts. */
export function postVersion(
  app: FastifyInstance,
  token: string | undefined,
  data: unknown,
  files: Array<{ part: string; filename: string; bytes: Buffer }>,
  extra: Part[] = [],
) {
  const body = multipart([
    { name: 'data', data: typeof data === 'string' ? data : JSON.stringify(data) },
    ...extra,
    ...files.map((f) => ({ name: f.part, filename: f.filename, data: f.bytes })),
  ]);
  return app.inject({
    method: 'POST',
    url: '/v2/version',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
  });
}
