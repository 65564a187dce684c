import { relative } from 'node:path';
import { BENCH_DATA_DIR, SYNTHETIC_PROJECTS } from './data-dir.js';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { startBareHashLookup } from './bare-hash-lookup.js';
import { allocationMeter } from './allocations.js';
import Fastify from 'fastify';
import { httpSecurityPlugin } from '../src/plugins/http-security.js';
import { rateLimitPlugin } from '../src/plugins/rate-limit.js';
import { createFileStore } from '../src/lib/storage/create-file-store.js';
import { buildApp } from '../src/app.js';
import { loadConfig, workspaceRoot } from '../src/config.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { countSyntheticProjects, seedSyntheticCatalogue, syntheticFileHashQuery, SYNTHETIC_OWNER } from '../src/db/seed/synthetic-catalogue.js';
import { dependencyPlanBody, ensureDependencyPlanFixture } from './dependency-plan-fixture.js';
import { freePort, silentLogger } from '../src/embedded/process-utils.js';
import { openRuntime } from '../src/runtime.js';
import { recordSearchChange } from '../src/lib/search-outbox.js';
import { createSearchIndexer } from '../src/modules/search/indexer.js';
import { liveIndexUid } from '../src/modules/search/index-settings.js';
import { planSearch } from '../src/modules/search/plan.js';
import { parseSearchRequest } from '../src/modules/search/query.js';
import { startSearchSync } from '../src/modules/search/sync-worker.js';
import { encodeBase62 } from '../src/lib/ids.js';
import { sql } from 'drizzle-orm';
import { prepareAnalyticsBench, timeAnalyticsRollup } from './analytics-fixture.js';

/**
 * The servers under load, in a child process of the benchmark (so the load generator does not
 * share their event loop): the real API on the synthetic catalogue (seeded into BENCH_DATA_DIR
 * once, then reused) and, for reference, a bare Fastify sending the same stored bytes.
 */
export interface TargetsReady {
  type: 'ready';
  apiUrl: string;
  bareUrl: string;
  /** Bare Fastify plus the API's header hook, and plus its header hook and rate limiter. */
  stepUrls: { headers: string; limiter: string };
  /** A project of the synthetic catalogue. */
  projectSlug: string;
  /** JSON bodies for the hash routes: 1,000 sha1 hashes of existing files. */
  hashListBody: string;
  updateBody: string;
  /** A plain Node server doing the hash routes' lookups and writing their answers (bare-hash-lookup.ts). */
  hashBareUrl: string;
  /** JSON body of the dependency plan: 300 mods with their dependencies (dependency-plan-fixture.ts). */
  dependencyPlanBody: string;
  /** Meilisearch of the catalogue, for sending the API's search queries straight to it. */
  meilisearch: { url: string; key: string };
  /** A free loopback address for the website (bench/web.ts serves web/dist there); the API accepts its origin. */
  siteUrl: string;
}

/** Messages the benchmark sends to this process. */
export type TargetsRequest =
  /** Current and peak RSS; with `settle`, also the RSS once left idle (takes IDLE_SECONDS). */
  | { type: 'rss'; settle?: boolean }
  | { type: 'search-idle' }
  | { type: 'alloc-start' }
  | { type: 'alloc-stop' }
  | { type: 'search-plan'; params: Record<string, string> }
  | { type: 'search-bodies'; searches: Record<string, string | number>[] }
  | { type: 'publish' }
  | { type: 'unpublish'; projectId: number }
  | { type: 'analytics-setup' }
  | { type: 'analytics-rollup'; events: number };

async function main(): Promise<void> {
  const siteUrl = `http://127.0.0.1:${await freePort()}`;
  const config = loadConfig({
    // The website's requests carry cookies, so the API must name its origin in CORS answers.
    WEB_ORIGINS: siteUrl,
    CAIRN_DATA_DIR: BENCH_DATA_DIR,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    RUN_WORKER: 'false',
    // The limiter stays in the path (its cost is measured) but never trips on the load generator.
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATABASE_URL: process.env.DATABASE_URL,
    MEILISEARCH_URL: process.env.MEILISEARCH_URL,
    MEILISEARCH_KEY: process.env.MEILISEARCH_KEY,
  });
  const runtime = await openRuntime(config, silentLogger, { applicationName: 'cairn-bench' });
  const db = runtime.database.db;
  await seedReferenceData(db, silentLogger);
  const files = await createFileStore(config);
  if ((await countSyntheticProjects(db)) < SYNTHETIC_PROJECTS) {
    console.log(`Seeding the synthetic catalogue (${SYNTHETIC_PROJECTS.toLocaleString('en-US')} projects) into ${relative(workspaceRoot(), BENCH_DATA_DIR)} — once; later runs reuse it, and an interrupted seed resumes.`);
    await seedSyntheticCatalogue(db, files, SYNTHETIC_PROJECTS, (line) => console.log(line));
  }
  const total = await countSyntheticProjects(db);
  const [syntheticOwner] = await db.execute<{ id: string }>(sql`select id::text from users where lower(username) = ${SYNTHETIC_OWNER}`);
  await ensureDependencyPlanFixture(db, Number(syntheticOwner!.id));
  // No payments processor is configured here: billing is unavailable, as it always was in the bench.
  const api = await buildApp({ config, database: runtime.database, search: runtime.search, files, payments: undefined }, { logger: false });
  await api.listen({ host: '127.0.0.1', port: 0 });

  // 1,000 hashes of files spread over the catalogue (334 projects × 3 files, trimmed).
  const step = Math.max(1, Math.floor(total / 334));
  const picked = Array.from({ length: 334 }, (_, i) => 1 + ((i * step + 17) % total));
  const hashes = (await db.execute<{ sha1: string; sha512: string }>(syntheticFileHashQuery(picked))).map((r) => r.sha1).slice(0, 1000);
  const projectSlug = `synthetic-${Math.min(total, 4242)}`;
  const hashListBody = JSON.stringify({ hashes, algorithm: 'sha1' });
  const updateBody = JSON.stringify({ hashes, algorithm: 'sha1', loaders: ['fabric', 'quilt'], game_versions: ['1.20.1', '1.21'], version_types: ['release'] });

  // The same stored bytes, from a Fastify instance with nothing else on it; then the same with
  // the API's header hook, and with its header hook and rate limiter (what each step costs).
  const info = (await api.inject({ method: 'GET', url: '/v2/' })).rawPayload;
  const project = (await api.inject({ method: 'GET', url: `/v2/project/${projectSlug}` })).rawPayload;
  const json = 'application/json; charset=utf-8';
  const bareServer = async (steps: { headers?: boolean; limiter?: boolean } = {}) => {
    const server = Fastify({ logger: false, genReqId: () => randomUUID() });
    if (steps.headers) await server.register(httpSecurityPlugin, { webOrigins: config.webOrigins });
    if (steps.limiter) {
      server.decorateRequest('actor', null);
      server.decorateRequest('quotaUserId', null);
      await server.register(rateLimitPlugin, { ...config.rateLimit, webOrigins: config.webOrigins });
    }
    server.get('/v2/', (_request, reply) => reply.type(json).send(info));
    server.get('/v2/project/:id', (_request, reply) => reply.type(json).send(project));
    await server.listen({ host: '127.0.0.1', port: 0 });
    return server;
  };
  const bare = await bareServer();
  const hashAnswer = async (url: string, payload: string) => (await api.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })).rawPayload;
  const hashBare = await startBareHashLookup(runtime.database.sql, {
    lookup: await hashAnswer('/v2/version_files', hashListBody),
    update: await hashAnswer('/v2/version_files/update', updateBody),
  });
  const withHeaders = await bareServer({ headers: true });
  const withLimiter = await bareServer({ headers: true, limiter: true });

  const address = (server: typeof bare) => {
    const a = server.server.address();
    return typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';
  };
  // The worker's search sync runs here, as in `npm start`: publishing is searchable within a second.
  const searchSync = await startSearchSync({
    sql: runtime.database.sql,
    indexer: createSearchIndexer({ db, search: runtime.search, indexPrefix: config.search.indexPrefix }),
    log: silentLogger,
  });
  // Peak memory of this process while the benchmark runs.
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 100);
  sampler.unref();

  const allocations = allocationMeter();
  /**
   * RSS once the process has been left idle: V8 keeps the heap it grew under load until its memory
   * reducer runs, some 10–20 s after allocation slows down. Sampled each second for up to
   * `IDLE_SECONDS` without forcing anything: the lowest value and after how long it was reached.
   */
  const IDLE_SECONDS = 30;
  const settledRss = async () => {
    let settled = process.memoryUsage.rss();
    let settledAfter = 0;
    for (let second = 1; second <= IDLE_SECONDS; second++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const rss = process.memoryUsage.rss();
      if (rss < settled - 1024 * 1024) [settled, settledAfter] = [rss, second];
    }
    (globalThis as { gc?: () => void }).gc?.();
    return { settled, settledAfter };
  };
  process.on('message', (message: TargetsRequest) => {
    void (async () => {
      switch (message.type) {
        case 'rss': {
          // Current and peak memory; the peak starts over from here.
          const { rss, heapTotal } = process.memoryUsage();
          const peak = Math.max(peakRss, rss);
          peakRss = rss;
          const { settled, settledAfter } = message.settle ? await settledRss() : { settled: rss, settledAfter: 0 };
          // Live memory once collected: V8's heap and what lives outside it (buffers).
          const { heapUsed, external } = process.memoryUsage();
          return process.send?.({ type: 'rss', rss, peak, heapTotal, heapUsed, external, settled, settledAfter });
        }
        case 'search-idle':
          // Every committed change applied to the index (Meilisearch's tasks included).
          await searchSync.idle();
          return process.send?.({ type: 'search-idle' });
        case 'alloc-start':
          allocations.start();
          return process.send?.({ type: 'alloc-started' });
        case 'alloc-stop':
          return process.send?.({ type: 'allocated', bytes: allocations.stop() });
        case 'search-plan': {
          // The multi-search the API sends for these parameters, to send straight to Meilisearch,
          // and its direct answer read as the API reads it (the benchmark checks they agree).
          const plan = planSearch(parseSearchRequest(message.params), liveIndexUid(config.search.indexPrefix));
          const body = JSON.stringify({ queries: plan.queries });
          const { total, facetCounts } = plan.read((await runtime.search.multiSearchJson(body)).results);
          return process.send?.({ type: 'search-plan', body, total, facetCounts });
        }
        case 'search-bodies': {
          // The multi-search bodies of these searches, as the API would send them without caches (not sent).
          const uid = liveIndexUid(config.search.indexPrefix);
          // Parameters as the route reads them (its schema makes `offset` a number).
          const parse = (params: Record<string, string | number>) => parseSearchRequest({ ...params, ...(params.offset !== undefined && { offset: Number(params.offset) }) });
          const bodies = message.searches.map((params) => JSON.stringify({ queries: planSearch(parse(params), uid).queries }));
          return process.send?.({ type: 'search-bodies', bodies });
        }
        case 'publish': {
          // A moderator's approval as the projects service writes it: status and outbox row in one transaction.
          const [draft] = await db.execute<{ id: string }>(sql`select id::text from projects where status = 'draft' and slug like 'synthetic-%' order by random() limit 1`);
          const projectId = Number(draft!.id);
          await db.transaction(async (tx) => {
            await tx.execute(sql`update projects set status = 'approved' where id = ${projectId}`);
            await recordSearchChange(tx, [projectId]);
          });
          return process.send?.({ type: 'published', projectId, key: encodeBase62(projectId), committedAt: Date.now() });
        }
        case 'unpublish': {
          await db.transaction(async (tx) => {
            await tx.execute(sql`update projects set status = 'draft' where id = ${message.projectId}`);
            await recordSearchChange(tx, [message.projectId]);
          });
          return process.send?.({ type: 'unpublished' });
        }
        case 'analytics-setup':
          return process.send?.(await prepareAnalyticsBench(db, (line) => console.log(line)));
        case 'analytics-rollup':
          return process.send?.(await timeAnalyticsRollup(db, message.events));
      }
    })();
  });
  const stop = async () => {
    await searchSync.stop();
    await Promise.all([bare.close(), withHeaders.close(), withLimiter.close()]);
    hashBare.close();
    await api.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('disconnect', () => void stop());
  process.send?.({
    type: 'ready',
    apiUrl: address(api as unknown as typeof bare),
    bareUrl: address(bare),
    stepUrls: { headers: address(withHeaders), limiter: address(withLimiter) },
    projectSlug,
    hashListBody,
    updateBody,
    hashBareUrl: `http://127.0.0.1:${(hashBare.address() as AddressInfo).port}`,
    dependencyPlanBody: dependencyPlanBody(),
    meilisearch: runtime.services.search,
    siteUrl,
  } satisfies TargetsReady);
}

void main();
