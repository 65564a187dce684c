import { PassThrough, type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import { modpackIndexProblem, type ModpackDownloadPolicy } from './modpack-rules.js';
import { scanZip, type ZipScanLimits } from './zip-entries.js';

/**
 * Modpacks are `.mrpack` files: zip archives whose `modrinth.index.json` names the game
 * version, the loaders the pack runs on and the files it installs (by hash). Only the index is
 * read, through ranged reads of the stored blob, so a large pack is never held in memory.
 */

export const MODPACK_INDEX_NAME = 'modrinth.index.json';
/** The index is small text; anything larger is not a sensible pack. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
/** Stored packs were checked when uploaded; only the index size is bounded here. */
const INDEX_SCAN_LIMITS: ZipScanLimits = { maxEntries: Number.MAX_SAFE_INTEGER, maxEntryBytes: MAX_INDEX_BYTES, maxTotalBytes: MAX_INDEX_BYTES };

/** Index dependency keys → Cairn loader names. */
const INDEX_LOADERS: Record<string, string> = {
  forge: 'forge',
  neoforge: 'neoforge',
  'fabric-loader': 'fabric',
  'quilt-loader': 'quilt',
};

const safeRelativePath = (path: string) =>
  path.length > 0 && !path.startsWith('/') && !path.includes('\\') && !/^[a-zA-Z]:/.test(path) && !path.split('/').some((s) => s === '..' || s === '');

const IndexSchema = z.object({
  formatVersion: z.literal(1),
  game: z.literal('minecraft'),
  versionId: z.string().optional(),
  name: z.string().optional(),
  files: z
    .array(
      z.object({
        path: z.string().refine(safeRelativePath, 'must be a relative path inside the instance'),
        hashes: z.object({ sha1: z.string().optional(), sha512: z.string().optional() }).passthrough(),
        fileSize: z.number().int().min(0).optional(),
      }),
    )
    .max(100_000),
  dependencies: z.record(z.string(), z.string()),
});

export interface ModpackIndex {
  /** The pack's own name and version number, when the index gives them. */
  name: string | undefined;
  versionId: string | undefined;
  /** Cairn loader names the pack runs on. */
  loaders: string[];
  /** The game version the pack is built for (empty when the index names none). */
  gameVersions: string[];
  /** Files the pack installs, with their hashes (lower-cased) and file names. */
  files: Array<{ fileName: string; sha1: string | undefined; sha512: string | undefined }>;
}

/** Reads ranges of a stored blob for the zip reader (yauzl wants a synchronous stream). */
export class BlobRangeReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly files: FileStore,
    private readonly key: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const out = new PassThrough();
    if (end <= start) {
      out.end();
      return out;
    }
    this.files
      .read(this.key, { start, end: end - 1 })
      .then((blob) => {
        if (!blob) throw new Error('blob disappeared while reading');
        blob.stream.on('error', (error) => out.destroy(error)).pipe(out);
      })
      .catch((error: Error) => out.destroy(error));
    return out;
  }
}

/** The text of the index entry, or undefined when the archive has none. */
async function findIndexText(files: FileStore, key: string, size: number): Promise<string | undefined> {
  const zip = await yauzl.fromRandomAccessReaderPromise(new BlobRangeReader(files, key), size, { lazyEntries: true, autoClose: true });
  try {
    const scan = await scanZip(zip, {
      wanted: (name) => name === MODPACK_INDEX_NAME,
      limits: INDEX_SCAN_LIMITS,
      listNames: false,
      done: (found) => found.contents.has(MODPACK_INDEX_NAME),
    });
    return scan.contents.get(MODPACK_INDEX_NAME)?.toString('utf8');
  } finally {
    zip.close();
  }
}

/**
 * Turns an index document into what a version needs; throws a message for a malformed one.
 * With a download policy (uploads), the index must also follow every rule of modpack-rules.ts;
 * without one (reading metadata for a form), only its shape is checked.
 */
export function parseModpackIndex(text: string, policy?: ModpackDownloadPolicy): ModpackIndex {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${MODPACK_INDEX_NAME} is not valid JSON`);
  }
  if (policy) {
    const problem = modpackIndexProblem(json, policy);
    if (problem) throw new Error(`${MODPACK_INDEX_NAME} ${problem}`);
  }
  const parsed = IndexSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${MODPACK_INDEX_NAME} field '${issue.path.join('.')}' ${issue.message}`);
  }
  const index = parsed.data;
  const loaders = Object.keys(index.dependencies)
    .filter((key) => Object.hasOwn(INDEX_LOADERS, key))
    .map((key) => INDEX_LOADERS[key]!);
  const game = index.dependencies.minecraft;
  return {
    name: index.name,
    versionId: index.versionId,
    loaders: [...new Set(loaders)],
    gameVersions: game ? [game] : [],
    files: index.files.map((f) => ({
      fileName: f.path.split('/').pop()!,
      sha1: f.hashes.sha1?.toLowerCase(),
      sha512: f.hashes.sha512?.toLowerCase(),
    })),
  };
}

/** Reads a stored `.mrpack` being uploaded; a file that is not a valid, installable pack is a 400 naming it and the rule. */
export async function readModpackIndex(
  files: FileStore,
  blob: { key: string; size: number },
  filename: string,
  policy: ModpackDownloadPolicy,
): Promise<ModpackIndex> {
  let text: string | undefined;
  try {
    text = await findIndexText(files, blob.key, blob.size);
  } catch (error) {
    throw badRequest(`File '${filename}' is not a valid modpack: ${(error as Error).message}`);
  }
  if (text === undefined) throw badRequest(`File '${filename}' is not a valid modpack: it has no ${MODPACK_INDEX_NAME}`);
  try {
    return parseModpackIndex(text, policy);
  } catch (error) {
    throw badRequest(`File '${filename}' is not a valid modpack: ${(error as Error).message}`);
  }
}
