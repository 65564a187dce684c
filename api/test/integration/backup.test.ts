import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../src/backup/backup.js';
import { readManifest, restoreBackup } from '../../src/backup/restore.js';
import { tableFile } from '../../src/backup/manifest.js';
import { seedDemoCatalogue } from '../../src/db/seed/demo-catalogue.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { listReferencedBlobKeys } from '../../src/lib/storage/blob-references.js';
import type { FileStore } from '../../src/lib/storage/file-store.js';
import { databaseFingerprint } from '../fuzz/db-fingerprint.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors } from '../factories/users.js';

// A backup of a populated product restored into an empty one gives back the same rows, files
// and answers; damaged or foreign backups are refused before anything changes.

let source: TestContext;
let target: TestContext;
let dir: string;

beforeAll(async () => {
  source = await createTestContext();
  target = await createTestContext();
  await seedDemoCatalogue(source.database.db, source.files, source.config, silentLogger);
  await createActors(source.database.db);
  dir = await mkdtemp(join(tmpdir(), 'cairn-backup-'));
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function digestOf(files: FileStore, key: string): Promise<string | undefined> {
  const blob = await files.read(key);
  if (!blob) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of blob.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('backup and restore', () => {
  it('round-trips the catalogue, accounts and files into an empty installation', async () => {
    const manifest = await createBackup({ db: source.database.db, files: source.files }, dir);
    expect(manifest.tables.find((t) => t.name === 'projects')!.rows).toBeGreaterThan(10);
    expect(manifest.files.length).toBeGreaterThan(10);

    await restoreBackup({ db: target.database.db, files: target.files }, dir);

    expect(await databaseFingerprint(target.database.sql)).toEqual(await databaseFingerprint(source.database.sql));
    const keys = await listReferencedBlobKeys(target.database.db);
    expect(keys).toEqual(manifest.files.map((f) => f.key));
    for (const key of keys) expect(await digestOf(target.files, key)).toBe(await digestOf(source.files, key));

    // The restored installation answers like the original, accounts included.
    for (const url of ['/v2/project/lanternlight', '/v2/project/lanternlight/version', '/v2/user/Creator', '/v2/tag/category']) {
      const [before, after] = await Promise.all([source.app.inject({ url }), target.app.inject({ url })]);
      expect(after.statusCode, url).toBe(before.statusCode);
      expect(after.body, url).toBe(before.body);
    }
  });

  it('refuses a damaged backup without changing anything', async () => {
    const damaged = await mkdtemp(join(tmpdir(), 'cairn-backup-damaged-'));
    try {
      await createBackup({ db: source.database.db, files: source.files }, damaged);
      await writeFile(join(damaged, tableFile('users')), await readFile(join(damaged, tableFile('projects'))));
      const before = await databaseFingerprint(target.database.sql);
      await expect(restoreBackup({ db: target.database.db, files: target.files }, damaged)).rejects.toThrow(/table users is damaged/);
      expect(await databaseFingerprint(target.database.sql)).toEqual(before);
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });

  it('refuses a folder that is not empty, and one without a finished backup', async () => {
    await expect(createBackup({ db: source.database.db, files: source.files }, dir)).rejects.toThrow(/not empty/);
    const empty = await mkdtemp(join(tmpdir(), 'cairn-backup-empty-'));
    try {
      await expect(readManifest(empty)).rejects.toThrow(/no finished backup/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
