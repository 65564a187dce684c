import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { listReferencedBlobKeys } from '../lib/storage/blob-references.js';
import type { FileStore } from '../lib/storage/file-store.js';
import { schemaLevel, tablesInLoadOrder } from './database-tables.js';
import { MANIFEST_FILE, blobFile, tableFile, type BackupManifest } from './manifest.js';

export interface BackupDeps {
  db: Database;
  files: FileStore;
}

export type BackupProgress = (phase: 'tables' | 'files', done: number, total: number) => void;

/** Rows fetched per round trip while dumping a table. */
const DUMP_BATCH = 2_000;

/**
 * Writes a consistent backup into an empty folder: every public table as JSON lines read in one
 * snapshot (the embedded PostgreSQL ships no pg_dump, and plain queries also work against
 * managed databases without extra tools), then every blob the database refers to. The manifest is written last, so a
 * folder without one is an unfinished backup.
 */
export async function createBackup(deps: BackupDeps, dir: string, progress: BackupProgress = () => {}): Promise<BackupManifest> {
  const existing = await readdir(dir).catch(() => []);
  if (existing.length > 0) throw new Error(`The backup folder ${dir} is not empty`);
  await mkdir(join(dir, 'database'), { recursive: true });
  await mkdir(join(dir, 'files'), { recursive: true });

  const snapshot = await deps.db.transaction(
    async (tx) => {
      const schema = await schemaLevel(tx);
      const names = await tablesInLoadOrder(tx);
      const tables: BackupManifest['tables'] = [];
      for (const name of names) {
        const hash = createHash('sha256');
        let rows = 0;
        // Pages by physical row address: stable within the snapshot and cheap at any depth.
        const lines = async function* () {
          let after = '(0,0)';
          for (;;) {
            const page = await tx.execute<{ row: string; at: string }>(
              sql`select to_jsonb(t)::text as row, t.ctid::text as at from ${sql.identifier(name)} t where t.ctid > ${after}::tid order by t.ctid limit ${DUMP_BATCH}`,
            );
            if (page.length === 0) return;
            const text = page.map((r) => `${r.row}\n`).join('');
            hash.update(text);
            rows += page.length;
            after = page.at(-1)!.at;
            yield text;
          }
        };
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(join(dir, tableFile(name))));
        tables.push({ name, rows, sha256: hash.digest('hex') });
        progress('tables', tables.length, names.length);
      }
      // Blob keys are read in the same snapshot as the rows that refer to them.
      return { schema, tables, keys: await listReferencedBlobKeys(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const files: BackupManifest['files'] = [];
  for (const key of snapshot.keys) {
    const blob = await deps.files.read(key);
    if (!blob) throw new Error(`The file ${key} is referenced by the database but missing from the file store`);
    const hash = createHash('sha256');
    const target = join(dir, blobFile(key));
    await mkdir(dirname(target), { recursive: true });
    await pipeline(blob.stream, new Transform({ transform: (chunk: Buffer, _e, cb) => (hash.update(chunk), cb(null, chunk)) }), createWriteStream(target));
    files.push({ key, size: blob.size, sha256: hash.digest('hex') });
    progress('files', files.length, snapshot.keys.length);
  }

  const manifest: BackupManifest = {
    format: 'cairn-backup',
    formatVersion: 1,
    created: new Date().toISOString(),
    schema: snapshot.schema,
    tables: snapshot.tables,
    files,
  };
  await writeFile(join(dir, `${MANIFEST_FILE}.partial`), JSON.stringify(manifest, null, 2));
  await rename(join(dir, `${MANIFEST_FILE}.partial`), join(dir, MANIFEST_FILE));
  return manifest;
}
