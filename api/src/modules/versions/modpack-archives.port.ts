import yauzl from 'yauzl';
import { z } from 'zod';
import type { FileStore } from '../../lib/storage/file-store.js';
import { BlobRangeReader, MODPACK_INDEX_NAME } from './modpack.js';
import { downloadUrlProblem, packPathProblem, type ModpackDownloadPolicy } from './modpack-rules.js';
import { scanZip } from './zip-entries.js';

/**
 * A stored `.mrpack` read in full for installing it on a game server (docs/api/servers.md,
 * "Modpacks on a server"): the index with every file's sides, hashes and download links, and the
 * bytes of the entries under `overrides/` and `server-overrides/` (the latter win on the same
 * path). Entries under `client-overrides/` are only named.
 */

/** Bounds for a pack read whole: overrides are configs and small files, not worlds. */
const LIMITS = { maxEntries: 20_000, maxEntryBytes: 64 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024 };

const SideSchema = z.enum(['required', 'optional', 'unsupported']);
const IndexSchema = z.object({
  formatVersion: z.literal(1),
  game: z.literal('minecraft'),
  versionId: z.string().optional(),
  name: z.string().optional(),
  files: z.array(
    z.object({
      path: z.string(),
      hashes: z.object({ sha1: z.string(), sha512: z.string() }).passthrough(),
      env: z.object({ client: SideSchema.optional(), server: SideSchema.optional() }).optional(),
      downloads: z.array(z.string()).min(1),
      fileSize: z.number().int().min(0),
    }),
  ),
  dependencies: z.record(z.string(), z.string()),
});

/** One file the index lists. */
export interface PackIndexFile {
  path: string;
  sha1: string;
  sha512: string;
  size: number;
  downloads: string[];
  /** `env.server` is `unsupported`: a client-only file, never put on a server. */
  clientOnly: boolean;
}

export interface ModpackArchive {
  /** `minecraft` and loader dependencies as the index names them (`fabric-loader`, `neoforge`…). */
  dependencies: Record<string, string>;
  files: PackIndexFile[];
  /** Path inside the instance → bytes, overrides then server-overrides applied. */
  overrides: Map<string, Buffer>;
  /** Paths under client-overrides/ (not installed on servers). */
  clientOverrides: string[];
}

const OVERRIDE_PREFIXES = ['overrides/', 'server-overrides/'];

/** Reads a stored pack; throws an Error with a message naming what is wrong. */
export async function readModpackArchive(files: FileStore, blob: { key: string; size: number }): Promise<ModpackArchive> {
  const zip = await yauzl.fromRandomAccessReaderPromise(new BlobRangeReader(files, blob.key), blob.size, { lazyEntries: true, autoClose: true });
  let scan;
  try {
    scan = await scanZip(zip, {
      wanted: (name) => !name.endsWith('/') && (name === MODPACK_INDEX_NAME || OVERRIDE_PREFIXES.some((p) => name.startsWith(p))),
      limits: LIMITS,
    });
  } finally {
    zip.close();
  }
  const text = scan.contents.get(MODPACK_INDEX_NAME);
  if (!text) throw new Error(`the pack has no ${MODPACK_INDEX_NAME}`);
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    throw new Error(`${MODPACK_INDEX_NAME} is not valid JSON`);
  }
  const parsed = IndexSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${MODPACK_INDEX_NAME} field '${issue.path.join('.')}' ${issue.message}`);
  }
  const indexFiles = parsed.data.files.map((file, i) => {
    const problem = packPathProblem(file.path);
    if (problem) throw new Error(`${MODPACK_INDEX_NAME} files[${i}].path ${problem}`);
    return {
      path: file.path,
      sha1: file.hashes.sha1.toLowerCase(),
      sha512: file.hashes.sha512.toLowerCase(),
      size: file.fileSize,
      downloads: file.downloads,
      clientOnly: file.env?.server === 'unsupported',
    };
  });
  const overrides = new Map<string, Buffer>();
  for (const prefix of OVERRIDE_PREFIXES) {
    for (const [name, bytes] of scan.contents) {
      if (!name.startsWith(prefix)) continue;
      const path = name.slice(prefix.length);
      const problem = packPathProblem(path);
      if (problem) throw new Error(`entry ${name} ${problem}`);
      overrides.set(path, bytes);
    }
  }
  const clientOverrides = scan.names.filter((n) => n.startsWith('client-overrides/') && !n.endsWith('/')).map((n) => n.slice('client-overrides/'.length));
  return { dependencies: parsed.data.dependencies, files: indexFiles, overrides, clientOverrides };
}

/** Why a pack's download link may not be fetched under the catalogue's download rules (MODPACK_DOWNLOAD_HOSTS), or undefined. */
export function packDownloadProblem(url: string, policy: ModpackDownloadPolicy): string | undefined {
  return downloadUrlProblem(url, policy);
}
