import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, workspaceRoot } from '../../src/config.js';
import { createDatabase, type DatabaseClient } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { startEmbeddedMeilisearch } from '../../src/embedded/meilisearch.js';
import { isHealthy } from '../../src/embedded/meilisearch.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/embedded/postgres.js';
import { isAlive, waitUntil, type Logger } from '../../src/embedded/process-utils.js';
import { createSearchClient } from '../../src/lib/search-client.js';
import { createDiskFileStore } from '../../src/lib/storage/file-store.js';
import { chownForPostgres } from '../embedded-helpers.js';

/**
 * This file runs its OWN PostgreSQL and Meilisearch (private data folder), kills them with
 * SIGKILL or stops them behind the launcher's back, and checks that the supervisor brings them
 * back, that the API answers 503 `database_unavailable` meanwhile and reconnects by itself.
 */

const ErrorBody = z.strictObject({ error: z.string(), description: z.string().min(1) });

await mkdir(join(workspaceRoot(), '.data'), { recursive: true });
const base = await mkdtemp(join(workspaceRoot(), '.data', 'service-recovery-'));
await chownForPostgres(base);

const lines: string[] = [];
const log: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };

let pg: EmbeddedPostgres;
let database: DatabaseClient;
let app: FastifyInstance;

beforeAll(async () => {
  pg = await startEmbeddedPostgres({ dir: join(base, 'postgres'), log, settings: { fsync: 'off' } });
  await runMigrations(pg.url);
  database = createDatabase(pg.url, { poolSize: 3 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: pg.url,
    MEILISEARCH_URL: inject('searchUrl'),
    MEILISEARCH_KEY: inject('searchKey'),
    MEILISEARCH_INDEX_PREFIX: 'recovery_',
    RUN_WORKER: 'false',
    SERVE_WEB: 'false',
  });
  const search = createSearchClient({ url: inject('searchUrl'), key: inject('searchKey') });
  app = await buildApp({ config, database, search, files: createDiskFileStore(join(base, 'files')), payments: undefined }, { logger: false });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await pg?.stop();
  await rm(base, { recursive: true, force: true });
}, 60_000);

/** Answers 404 with the database up (no such user): it needs a query. */
const readUser = () => app.inject({ method: 'GET', url: '/v2/user/nobody-here' });

describe('a supervised PostgreSQL', () => {
  it('comes back after SIGKILL with committed data; the API answers 503 meanwhile and reconnects by itself', { timeout: 120_000 }, async () => {
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    await sql`create table committed_before_crash (value text)`;
    await sql`insert into committed_before_crash values ('kept')`;
    expect((await readUser()).statusCode).toBe(404);

    const first = pg.pid()!;
    process.kill(first, 'SIGKILL');
    await waitUntil(() => !isAlive(first), 10_000);

    // While it is down or recovering, the API gives the one error shape with a 503, never a 500.
    const during = await readUser();
    if (during.statusCode !== 404) {
      expect(during.statusCode).toBe(503);
      expect(ErrorBody.parse(during.json()).error).toBe('database_unavailable');
      expect(during.headers['retry-after']).toBe('5');
    }

    expect(await waitUntil(() => pg.pid() !== undefined && pg.pid() !== first, 60_000, 100)).toBe(true);
    const back = Date.now();
    expect(pg.restarts()).toBe(1);
    expect(lines.some((l) => /PostgreSQL exited unexpectedly \(SIGKILL\)/.test(l))).toBe(true);

    // The pool the app opened before the crash reconnects without a restart, within 5 s.
    expect(await waitUntil(async () => (await readUser()).statusCode === 404, 5_000, 100)).toBe(true);
    expect(Date.now() - back).toBeLessThan(5_000);
    expect((await sql`select value from committed_before_crash`).map((r) => r.value)).toEqual(['kept']);
    await sql.end();
  });

  it('is started again after a clean stop it did not ask for, and answers 503 while it is down', { timeout: 120_000 }, async () => {
    const before = pg.pid()!;
    process.kill(before, 'SIGINT');
    await waitUntil(() => !isAlive(before), 30_000);
    const statuses = new Set<number>();
    expect(
      await waitUntil(
        async () => {
          const response = await readUser();
          statuses.add(response.statusCode);
          if (response.statusCode === 503) expect(ErrorBody.parse(response.json()).error).toBe('database_unavailable');
          return response.statusCode === 404;
        },
        60_000,
        20,
      ),
    ).toBe(true);
    expect([...statuses].every((s) => s === 404 || s === 503)).toBe(true);
    expect(statuses.has(503)).toBe(true);
    // The database answers as soon as it is ready, a moment before the supervisor counts the restart.
    expect(await waitUntil(() => pg.restarts() === 2, 10_000)).toBe(true);
  });
});

describe('a supervised Meilisearch', () => {
  it('comes back on the same address after SIGKILL, and a clean stop stops it for good', { timeout: 120_000 }, async () => {
    const meili = await startEmbeddedMeilisearch({ dir: join(base, 'meili'), log, maxIndexingMemory: '128MiB' });
    const first = meili.pid()!;
    process.kill(first, 'SIGKILL');
    expect(await waitUntil(async () => meili.restarts() === 1 && (await isHealthy(meili.url)), 60_000, 100)).toBe(true);
    expect(meili.pid()).not.toBe(first);
    expect(lines.some((l) => /Meilisearch exited unexpectedly \(SIGKILL\)/.test(l))).toBe(true);

    const second = meili.pid()!;
    const before = lines.length;
    await meili.stop();
    expect(isAlive(second)).toBe(false);
    // The supervisor has handled this exit (it forgets the pid then) without scheduling a restart:
    // it announces every restart it schedules in that same step, and no such line followed the stop.
    expect(meili.pid()).toBeUndefined();
    expect(lines.slice(before).filter((l) => /Meilisearch (exited unexpectedly|is running again|did not come back)/.test(l))).toEqual([]);
    expect(meili.restarts()).toBe(1);
    expect(await isHealthy(meili.url)).toBe(false);
  });
});
