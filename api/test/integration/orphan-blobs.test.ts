import { randomBytes } from 'node:crypto';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepOrphanBlobsJob } from '../../src/worker/files.jobs.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, insertVersion } from '../factories/catalogue.js';

/**
 * What an API killed between storing an upload's bytes and committing its row leaves: a blob no
 * row refers to. The hourly sweeper removes it once its grace period is over, and never a blob
 * a row refers to or one young enough to belong to an upload still in flight.
 */

let ctx: TestContext;
let actors: Actors;

beforeAll(async () => {
  ctx = await createTestContext();
  actors = await createActors(ctx.database.db);
}, 120_000);
afterAll(() => ctx.close(), 60_000);

const blobPath = (key: string) => join(ctx.filesDir, key.slice(0, 2), key.slice(2, 4), key);
const age = (key: string, hours: number) => {
  const then = new Date(Date.now() - hours * 3_600_000);
  return utimes(blobPath(key), then, then);
};
const runSweeper = () => sweepOrphanBlobsJob.handle({ db: ctx.database.db, search: ctx.search, config: ctx.config, files: ctx.files }, []);

it('removes old unreferenced blobs and keeps referenced and recent ones', { timeout: 60_000 }, async () => {
  const project = await insertProject(ctx.database.db, { ownerId: actors.creator.id });
  const version = await insertVersion(ctx.database.db, { projectId: project.id, authorId: actors.creator.id });
  const referenced = await ctx.files.put(randomBytes(64), { maxBytes: 1024, extension: 'jar' });
  await ctx.database.sql`update version_files set blob_key = ${referenced.key} where version_id = ${version.id}`;
  const orphan = await ctx.files.put(randomBytes(64), { maxBytes: 1024, extension: 'jar' });
  const inFlight = await ctx.files.put(randomBytes(64), { maxBytes: 1024, extension: 'jar' });

  // Within the grace period nothing goes, referenced or not.
  await runSweeper();
  expect(await ctx.files.exists(orphan.key)).toBe(true);

  await age(referenced.key, 2);
  await age(orphan.key, 2);
  await runSweeper();
  expect(await ctx.files.exists(orphan.key)).toBe(false);
  expect(await ctx.files.exists(referenced.key)).toBe(true);
  expect(await ctx.files.exists(inFlight.key)).toBe(true);
  expect((await ctx.files.read(referenced.key))?.size).toBe(64);
});

it('gives an old orphan a new grace period when the same bytes are uploaded again', { timeout: 60_000 }, async () => {
  const bytes = randomBytes(80);
  const first = await ctx.files.put(bytes, { maxBytes: 1024, extension: 'jar' });
  await age(first.key, 3);
  // A new upload of identical bytes is deduplicated to the same blob; its row is not committed yet.
  const again = await ctx.files.put(bytes, { maxBytes: 1024, extension: 'jar' });
  expect(again).toMatchObject({ key: first.key, created: false });
  await runSweeper();
  expect(await ctx.files.exists(first.key)).toBe(true);
});
