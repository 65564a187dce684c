import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { BackupDeps, BackupProgress } from './backup.js';
import { advanceSequences, insertableColumns, schemaLevel, tablesInLoadOrder } from './database-tables.js';
import { BackupManifestSchema, MANIFEST_FILE, blobFile, tableFile, type BackupManifest } from './manifest.js';

/** Rows inserted per statement while restoring a table. */
const LOAD_BATCH = 1_000;

async function sha256Of(path: string, gunzip = false): Promise<string> {
  const hash = createHash('sha256');
  const source = createReadStream(path);
  for await (const chunk of gunzip ? source.pipe(createGunzip()) : source) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => {
    throw new Error(`${dir} holds no finished backup (no ${MANIFEST_FILE})`);
  });
  const parsed = BackupManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${join(dir, MANIFEST_FILE)} is not a backup manifest of this version`);
  return parsed.data;
}

/**
 * Replaces the database's contents and adds the files from a backup made by `createBackup`.
 * Everything is verified against the manifest before anything changes; the files go in first
 * (content-addressed, so extra ones are harmless), then all tables in one transaction. The
 * search index is rebuilt by the caller afterwards.
 */
export async function restoreBackup(deps: BackupDeps, dir: string, progress: BackupProgress = () => {}): Promise<BackupManifest> {
  const manifest = await readManifest(dir);
  const level = await schemaLevel(deps.db);
  if (level.migrations !== manifest.schema.migrations || level.last !== manifest.schema.last) {
    throw new Error(
      `The backup was made at migration ${manifest.schema.migrations} and this database is at ${level.migrations}: restore with the Cairn version that made the backup`,
    );
  }
  for (const table of manifest.tables) {
    if ((await sha256Of(join(dir, tableFile(table.name)), true)) !== table.sha256) throw new Error(`The backup's table ${table.name} is damaged`);
  }
  for (const file of manifest.files) {
    if ((await sha256Of(join(dir, blobFile(file.key)))) !== file.sha256) throw new Error(`The backup's file ${file.key} is damaged`);
  }

  let done = 0;
  for (const file of manifest.files) {
    const extension = extname(file.key).slice(1) || undefined;
    const stored = await deps.files.put(createReadStream(join(dir, blobFile(file.key))), { maxBytes: file.size, extension });
    if (stored.key !== file.key) throw new Error(`The backup's file ${file.key} does not hash to its name`);
    progress('files', ++done, manifest.files.length);
  }

  await deps.db.transaction(async (tx) => {
    const order = await tablesInLoadOrder(tx);
    const backedUp = new Set(manifest.tables.map((t) => t.name));
    const missing = order.filter((name) => !backedUp.has(name));
    const unknown = [...backedUp].filter((name) => !order.includes(name));
    if (missing.length || unknown.length) throw new Error(`The backup's tables do not match this database (${[...missing, ...unknown].join(', ')})`);
    await tx.execute(sql`truncate ${sql.join(order.map((name) => sql.identifier(name)), sql`, `)}`);
    done = 0;
    for (const name of order) {
      const columns = await insertableColumns(tx, name);
      const list = sql.join(columns.map((column) => sql.identifier(column)), sql`, `);
      const table = sql.identifier(name);
      const insert = (rows: string[]) =>
        tx.execute(sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${`[${rows.join(',')}]`}::jsonb)`);
      let batch: string[] = [];
      const lines = createInterface({ input: createReadStream(join(dir, tableFile(name))).pipe(createGunzip()), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        if (batch.length === LOAD_BATCH) {
          await insert(batch);
          batch = [];
        }
      }
      if (batch.length) await insert(batch);
      progress('tables', ++done, order.length);
    }
    await advanceSequences(tx);
  });
  return manifest;
}
