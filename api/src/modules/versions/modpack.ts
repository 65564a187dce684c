import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import type { FileStore, StoredBlob } from '../../lib/storage/file-store.js';
import { readZipEntry, ZipFormatError } from './zip.js';

/** The index every modpack file (`.mrpack`) carries at its root. */
export const MODPACK_INDEX_NAME = 'modrinth.index.json';
const MAX_INDEX_BYTES = 16 * 1024 * 1024;

const ModpackIndexSchema = z.object({
  formatVersion: z.literal(1),
  game: z.string(),
  versionId: z.string(),
  name: z.string(),
  summary: z.string().optional(),
  files: z.array(
    z.object({
      path: z.string(),
      hashes: z.object({ sha1: z.string(), sha512: z.string() }).partial().passthrough(),
      downloads: z.array(z.string()).optional(),
      fileSize: z.number().optional(),
      env: z.record(z.string(), z.string()).optional(),
    }),
  ),
  /** Game and loader versions, e.g. `{ "minecraft": "1.20.1", "fabric-loader": "0.15.0" }`. */
  dependencies: z.record(z.string(), z.string()),
});
export type ModpackIndex = z.infer<typeof ModpackIndexSchema>;

export const isModpackFilename = (name: string) => name.toLowerCase().endsWith('.mrpack');

/** Reads and checks a modpack's index; a modpack without a valid one is refused (400). */
export async function readModpackIndex(files: FileStore, blob: StoredBlob, filename: string): Promise<ModpackIndex> {
  let raw: Buffer | undefined;
  try {
    raw = await readZipEntry(files, blob.key, blob.size, MODPACK_INDEX_NAME, MAX_INDEX_BYTES);
  } catch (error) {
    if (error instanceof ZipFormatError) throw badRequest(`${filename} is not a valid modpack: ${error.message}`);
    throw error;
  }
  if (!raw) throw badRequest(`${filename} is not a valid modpack: it has no ${MODPACK_INDEX_NAME}`);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest(`${filename} is not a valid modpack: ${MODPACK_INDEX_NAME} is not valid JSON`);
  }
  const parsed = ModpackIndexSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw badRequest(`${filename} is not a valid modpack: ${MODPACK_INDEX_NAME} '${issue.path.join('.')}' ${issue.message}`);
  }
  return parsed.data;
}

/** Loader names a modpack index declares (`fabric-loader` → `fabric`, `forge` → `forge`…). */
export function modpackLoaders(index: ModpackIndex): string[] {
  const known: Record<string, string> = { 'fabric-loader': 'fabric', 'quilt-loader': 'quilt', forge: 'forge', neoforge: 'neoforge' };
  return Object.keys(index.dependencies)
    .map((name) => known[name])
    .filter((name): name is string => name !== undefined);
}
