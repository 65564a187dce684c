import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workspaceRoot } from '../../src/config.js';
import { startEmbeddedMeilisearch, type EmbeddedMeilisearch } from '../../src/embedded/meilisearch.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { startSearchSync, type SearchSync } from '../../src/modules/search/sync-worker.js';
import { createTestContext, type TestContext } from '../harness.js';
import { createActors, type Actors } from '../factories/users.js';
import { insertProject, insertVersion } from '../factories/catalogue.js';
import { search, searchIndexer, searchOk, syncSearch } from '../helpers/search.js';

/**
 * Meilisearch goes away and comes back: this file runs its own Meilisearch (own data folder),
 * stops the real process, writes to the catalogue, and restarts it on the same folder and
 * port. Writes keep working, search answers 503, /health reports it, and the worker applies
 * the backlog once Meilisearch is back — nothing is lost.
 */

const dir = join(workspaceRoot(), '.data', 'test-search-outage', randomBytes(4).toString('hex'));
let meili: EmbeddedMeilisearch;
let ctx: TestContext;
let actors: Actors;
let sync: SearchSync | undefined;

beforeAll(async () => {
  meili = await startEmbeddedMeilisearch({ dir, log: silentLogger, maxIndexingMemory: '256MiB' });
  ctx = await createTestContext({ search: { url: meili.url, key: meili.key } });
  actors = await createActors(ctx.database.db);
}, 120_000);

afterAll(async () => {
  await sync?.stop();
  await ctx.close();
  await meili.stop();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

it('keeps writes working during an outage and applies the backlog when Meilisearch returns', { timeout: 120_000 }, async () => {
  const db = ctx.database.db;
  const before = await insertProject(db, { ownerId: actors.creator.id, slug: 'steady', title: 'Steady Lamps' });
  await insertVersion(db, { projectId: before.id, authorId: actors.creator.id, loaders: ['fabric'], gameVersions: ['1.20.1'] });
  const waiting = await insertProject(db, { ownerId: actors.creator.id, slug: 'waiting', title: 'Waiting Room', status: 'processing' });
  await insertVersion(db, { projectId: waiting.id, authorId: actors.creator.id, loaders: ['quilt'], gameVersions: ['1.21'] });
  await syncSearch(ctx, [before.id, waiting.id]);
  expect((await searchOk(ctx, { query: 'steady' })).total_hits).toBe(1);

  // The worker's fast path (LISTEN on the outbox, retry with backoff).
  sync = await startSearchSync({ sql: ctx.database.sql, indexer: searchIndexer(ctx), log: silentLogger });
  await sync.idle();

  await meili.stop();

  const down = await search(ctx, { query: 'steady' });
  expect(down.statusCode).toBe(503);
  expect(down.json()).toEqual({ error: 'search_unavailable', description: expect.stringContaining('Search is temporarily unavailable') });
  const health = await ctx.app.inject({ method: 'GET', url: '/health' });
  expect(health.statusCode).toBe(200);
  expect(health.json()).toMatchObject({ status: 'degraded', database: { status: 'ok' }, search: { status: 'unavailable' } });

  // Catalogue writes still succeed; their changes wait in the outbox.
  const patch = (key: string, body: object, token: string) =>
    ctx.app.inject({ method: 'PATCH', url: `/v2/project/${key}`, payload: body, headers: { authorization: token } });
  expect((await patch(before.key, { title: 'Steady Lanterns' }, actors.creator.pat)).statusCode).toBe(204);
  expect((await patch(waiting.key, { status: 'approved' }, actors.moderator.pat)).statusCode).toBe(204);
  const indexer = searchIndexer(ctx);
  await expect(indexer.drain()).rejects.toThrow();
  expect(await indexer.pending()).toBe(2);

  // Back on the same data folder and port: the worker's retry applies the backlog by itself.
  meili = await startEmbeddedMeilisearch({ dir, log: silentLogger, maxIndexingMemory: '256MiB', port: meili.port });
  await sync.idle();
  expect(await indexer.pending()).toBe(0);
  expect((await searchOk(ctx, { query: 'lanterns' })).hits.map((h) => h.slug)).toEqual(['steady']);
  expect((await searchOk(ctx, { facets: [['categories:quilt'], ['versions:1.21']] })).hits.map((h) => h.slug)).toEqual(['waiting']);
  expect((await searchOk(ctx, { query: 'steady lamps' })).total_hits).toBe(0);
  expect((await ctx.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok' });
});
