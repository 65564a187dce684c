import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig, workspaceRoot, type Config } from '../../src/config.js';
import { createDatabase, type DatabaseClient } from '../../src/db/client.js';
import { runMigrations } from '../../src/db/migrate.js';
import { startEmbeddedMeilisearch, type EmbeddedMeilisearch } from '../../src/embedded/meilisearch.js';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/embedded/postgres.js';
import { isAlive, waitUntil, type Logger } from '../../src/embedded/process-utils.js';
import { createSearchClient, type SearchClient } from '../../src/lib/search-client.js';
import { createDiskFileStore } from '../../src/lib/storage/file-store.js';
import { chownForPostgres } from '../embedded-helpers.js';

/**
 * Fail fast when a dependency dies: this file runs its OWN PostgreSQL and Meilisearch (private
 * data folder), keeps a burst of concurrent requests going, kills the dependency with SIGKILL in
 * the middle of it, and measures every request. Each one must get its normal answer (it finished
 * first) or 503 `{error, description}` with Retry-After — and none may take 2 s or more.
 */

/** The requirement; the limits in play (pool wait, search timeout) are 1 s by default, so this is a real bound with headroom. */
const SLOWEST_ALLOWED_MS = 2_000;
const ErrorBody = z.strictObject({ error: z.string(), description: z.string().min(1) });

await mkdir(join(workspaceRoot(), '.data'), { recursive: true });
const base = await mkdtemp(join(workspaceRoot(), '.data', 'dependency-timeouts-'));
await chownForPostgres(base);

const lines: string[] = [];
const log: Logger = { info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) };

let pg: EmbeddedPostgres;
let meili: EmbeddedMeilisearch;
let config: Config;
let database: DatabaseClient;
let search: SearchClient;
let app: FastifyInstance;

beforeAll(async () => {
  [pg, meili] = await Promise.all([
    startEmbeddedPostgres({ dir: join(base, 'postgres'), log, settings: { fsync: 'off' } }),
    startEmbeddedMeilisearch({ dir: join(base, 'meili'), log, maxIndexingMemory: '128MiB' }),
  ]);
  await runMigrations(pg.url);
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: pg.url,
    // A small pool, so the burst queues for connections as a busy production pool does.
    DATABASE_POOL_SIZE: '4',
    MEILISEARCH_URL: meili.url,
    MEILISEARCH_KEY: meili.key,
    MEILISEARCH_INDEX_PREFIX: 'timeouts_',
    SEARCH_CACHE_MS: '0',
    // Thousands of requests from one address in a few seconds.
    RATE_LIMIT_PER_MINUTE: '1000000',
    RUN_WORKER: 'false',
    SERVE_WEB: 'false',
  });
  database = createDatabase(pg.url, { poolSize: config.database.poolSize, ...config.database.requests });
  search = createSearchClient({ url: meili.url, key: meili.key, searchTimeoutMs: config.search.searchTimeoutMs });
  app = await buildApp({ config, database, search, files: createDiskFileStore(join(base, 'files')), payments: undefined }, { logger: false });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await Promise.all([pg?.stop(), meili?.stop()]);
  await rm(base, { recursive: true, force: true });
}, 60_000);

interface Answer {
  status: number;
  ms: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * Keeps `concurrency` requests in flight for `durationMs`, calling `during` once `atMs` in;
 * resolves with every answer (a request that never answers keeps this from resolving, and the
 * test times out).
 */
async function burst(options: { url: string; concurrency: number; durationMs: number; atMs: number; during: () => void }): Promise<Answer[]> {
  const answers: Answer[] = [];
  const end = performance.now() + options.durationMs;
  const trigger = setTimeout(options.during, options.atMs);
  const loop = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url: options.url });
      const retryAfter = response.headers['retry-after'];
      answers.push({ status: response.statusCode, ms: performance.now() - start, retryAfter: retryAfter === undefined ? undefined : String(retryAfter), body: response.body });
    }
  };
  try {
    await Promise.all(Array.from({ length: options.concurrency }, loop));
  } finally {
    clearTimeout(trigger);
  }
  return answers;
}

/** Every answer is the normal one or a well-formed 503 with Retry-After, within the bound. */
function expectFastAnswers(answers: Answer[], normal: number, error: string): { slowestMs: number; unavailable: number } {
  for (const answer of answers) {
    expect([normal, 503]).toContain(answer.status);
    if (answer.status === 503) {
      expect(ErrorBody.parse(JSON.parse(answer.body)).error).toBe(error);
      expect(answer.retryAfter).toMatch(/^[1-9][0-9]*$/);
    }
  }
  const slowestMs = Math.max(...answers.map((a) => a.ms));
  expect(slowestMs).toBeLessThan(SLOWEST_ALLOWED_MS);
  return { slowestMs, unavailable: answers.filter((a) => a.status === 503).length };
}

describe('the request pool', () => {
  it('runs every connection under the configured server limits; the job pool has none', async () => {
    const limits = async (sql: DatabaseClient['sql']) =>
      (await sql`select current_setting('statement_timeout') as statement, current_setting('lock_timeout') as lock,
        current_setting('idle_in_transaction_session_timeout') as idle`)[0];
    expect(await limits(database.sql)).toEqual({ statement: '15s', lock: '5s', idle: '1min' });
    const jobs = createDatabase(pg.url, { poolSize: 1, ...config.database.jobs });
    try {
      expect(await limits(jobs.sql)).toEqual({ statement: '0', lock: '0', idle: '0' });
    } finally {
      await jobs.close();
    }
  });

  it('answers 503 database_timeout with Retry-After when a statement runs past its limit', async () => {
    const short = createDatabase(pg.url, { poolSize: 1, statementTimeoutMs: 200 });
    const probe = await buildApp({ config, database: short, search, files: createDiskFileStore(join(base, 'files')), payments: undefined }, { logger: false });
    probe.get('/slow', async () => {
      await short.sql`select pg_sleep(5)`;
      return {};
    });
    try {
      const started = performance.now();
      const response = await probe.inject({ method: 'GET', url: '/slow' });
      expect(performance.now() - started).toBeLessThan(SLOWEST_ALLOWED_MS);
      expect(response.statusCode).toBe(503);
      expect(ErrorBody.parse(response.json()).error).toBe('database_timeout');
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await probe.close();
      await short.close();
    }
  });

  it('fails requests waiting for a busy pool with 503 within the bound; a transaction that had to wait never runs', { timeout: 60_000 }, async () => {
    await database.sql`create table if not exists late_writes (value text)`;
    // Every connection open, then busy for 2.5 s: longer than the wait bound (1 s).
    const size = config.database.poolSize;
    await Promise.all(Array.from({ length: size }, () => database.sql`select pg_sleep(0.05)`.then(() => 'warm')));
    const busy = Array.from({ length: size }, () => database.sql`select pg_sleep(2.5)`.then(() => 'done'));
    await new Promise((resolve) => setTimeout(resolve, 100));

    const started = performance.now();
    const [response, read, transaction, reserved] = await Promise.allSettled([
      app.inject({ method: 'GET', url: '/v2/user/nobody-here' }),
      database.sql`select 1 as one`,
      database.db.transaction(async (tx) => tx.execute(sql`insert into late_writes values ('transaction')`)),
      database.sql.reserve(),
    ]);
    expect(performance.now() - started).toBeLessThan(SLOWEST_ALLOWED_MS);
    expect(response.status === 'fulfilled' && response.value.statusCode).toBe(503);
    if (response.status === 'fulfilled') {
      expect(ErrorBody.parse(response.value.json()).error).toBe('database_unavailable');
      expect(response.value.headers['retry-after']).toBe('5');
    }
    expect(read.status === 'rejected' && (read.reason as { code?: string }).code).toBe('POOL_TIMEOUT');
    expect(transaction.status === 'rejected' && (transaction.reason as { code?: string }).code).toBe('POOL_TIMEOUT');
    expect(reserved.status === 'rejected' && (reserved.reason as { code?: string }).code).toBe('POOL_TIMEOUT');

    // Once the connections are free again the pool works: as many concurrent queries as the pool
    // has all run. The pool serves waiters in order, so a transaction still queued from before
    // would have had a connection (and committed) before the last of these finished; it has not.
    expect(await Promise.all(busy)).toEqual(busy.map(() => 'done'));
    const all = Array.from({ length: size }, (_, i) => database.sql`select ${i}::int as i, pg_sleep(0.2)`.then((rows) => rows[0]?.i));
    expect(await Promise.all(all)).toEqual(all.map((_, i) => i));
    expect(await database.sql`select value from late_writes`).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/v2/user/nobody-here' })).statusCode).toBe(404);
  });
});

describe('PostgreSQL killed under load', () => {
  /** 404 with the database up (no such user): it needs a query. */
  const url = '/v2/user/nobody-here';

  it('answers every request in flight and after it with 503 and Retry-After within 2 s, then recovers', { timeout: 120_000 }, async () => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const first = pg.pid()!;
    const answers = await burst({
      url,
      concurrency: 40,
      durationMs: 4_000,
      atMs: 500,
      // The postmaster and every backend at once (its own process group), as a crash or OOM kill of the container.
      during: () => process.kill(-first, 'SIGKILL'),
    });
    expect(isAlive(first)).toBe(false);
    const { slowestMs, unavailable } = expectFastAnswers(answers, 404, 'database_unavailable');
    expect(unavailable).toBeGreaterThan(0);
    console.info(`PostgreSQL killed: ${answers.length} answers, ${unavailable} × 503, slowest ${Math.round(slowestMs)} ms`);

    // The supervisor brings it back and the same pool reconnects by itself.
    expect(await waitUntil(async () => (await app.inject({ method: 'GET', url })).statusCode === 404, 60_000, 100)).toBe(true);
  });
});

describe('Meilisearch killed or hanging under load', () => {
  const url = '/v2/search?query=lamp';

  it('answers every search with 200 or 503 search_unavailable within 2 s when the server is killed', { timeout: 120_000 }, async () => {
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const first = meili.pid()!;
    const answers = await burst({ url, concurrency: 20, durationMs: 3_000, atMs: 300, during: () => process.kill(first, 'SIGKILL') });
    const { slowestMs, unavailable } = expectFastAnswers(answers, 200, 'search_unavailable');
    console.info(`Meilisearch killed: ${answers.length} answers, ${unavailable} × 503, slowest ${Math.round(slowestMs)} ms`);
    expect(await waitUntil(async () => (await app.inject({ method: 'GET', url })).statusCode === 200, 60_000, 100)).toBe(true);
  });

  it('answers every search with 503 within 2 s when the server stops answering', { timeout: 120_000 }, async () => {
    const pid = meili.pid()!;
    process.kill(pid, 'SIGSTOP');
    try {
      const answers = await burst({ url, concurrency: 20, durationMs: 2_500, atMs: 0, during: () => {} });
      const { slowestMs, unavailable } = expectFastAnswers(answers, 200, 'search_unavailable');
      expect(unavailable).toBe(answers.length);
      console.info(`Meilisearch hanging: ${answers.length} answers, all 503, slowest ${Math.round(slowestMs)} ms`);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    expect(await waitUntil(async () => (await app.inject({ method: 'GET', url })).statusCode === 200, 30_000, 100)).toBe(true);
  });
});
