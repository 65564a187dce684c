import { join } from 'node:path';
import Fastify from 'fastify';
import { createDiskFileStore } from '../src/lib/storage/file-store.js';
import { buildApp } from '../src/app.js';
import { loadConfig, workspaceRoot } from '../src/config.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { countSyntheticProjects, seedSyntheticCatalogue, syntheticFileHashQuery } from '../src/db/seed/synthetic-catalogue.js';
import { silentLogger } from '../src/embedded/process-utils.js';
import { openRuntime } from '../src/runtime.js';

/**
 * The servers under load, in a child process of the benchmark (so the load generator does not
 * share their event loop): the real API on the synthetic catalogue (seeded into .data/bench
 * once, then reused) and, for reference, a bare Fastify serving the same bodies.
 */
export interface TargetsReady {
  type: 'ready';
  apiUrl: string;
  bareUrl: string;
  /** A project of the synthetic catalogue. */
  projectSlug: string;
  /** JSON bodies for the hash routes: 1,000 sha1 hashes of existing files. */
  hashListBody: string;
  updateBody: string;
}

export const SYNTHETIC_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);

async function main(): Promise<void> {
  const config = loadConfig({
    CAIRN_DATA_DIR: join(workspaceRoot(), '.data', 'bench'),
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
  const files = createDiskFileStore(config.filesDir);
  if ((await countSyntheticProjects(db)) < SYNTHETIC_PROJECTS) {
    console.log(`Seeding the synthetic catalogue (${SYNTHETIC_PROJECTS} projects) into .data/bench — once; later runs reuse it.`);
    await seedSyntheticCatalogue(db, files, SYNTHETIC_PROJECTS, (line) => console.log(line));
  }
  const total = await countSyntheticProjects(db);
  const api = await buildApp({ config, database: runtime.database, search: runtime.search, files }, { logger: false });
  await api.listen({ host: '127.0.0.1', port: 0 });

  // 1,000 hashes of files spread over the catalogue (334 projects × 3 files, trimmed).
  const step = Math.max(1, Math.floor(total / 334));
  const picked = Array.from({ length: 334 }, (_, i) => 1 + ((i * step + 17) % total));
  const hashes = (await db.execute<{ sha1: string; sha512: string }>(syntheticFileHashQuery(picked))).map((r) => r.sha1).slice(0, 1000);
  const projectSlug = `synthetic-${Math.min(total, 4242)}`;

  // The same JSON bodies, from a Fastify instance with nothing else on it.
  const info = (await api.inject({ method: 'GET', url: '/v2/' })).json();
  const project = (await api.inject({ method: 'GET', url: `/v2/project/${projectSlug}` })).json();
  const bare = Fastify({ logger: false });
  bare.get('/v2/', async () => info);
  bare.get('/v2/project/:id', async () => project);
  await bare.listen({ host: '127.0.0.1', port: 0 });

  const address = (server: typeof bare) => {
    const a = server.server.address();
    return typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';
  };
  process.on('message', (message: { type: string }) => {
    if (message.type === 'rss') process.send?.({ type: 'rss', rss: process.memoryUsage().rss });
  });
  const stop = async () => {
    await bare.close();
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
    projectSlug,
    hashListBody: JSON.stringify({ hashes, algorithm: 'sha1' }),
    updateBody: JSON.stringify({ hashes, algorithm: 'sha1', loaders: ['fabric', 'quilt'], game_versions: ['1.20.1', '1.21'], version_types: ['release'] }),
  } satisfies TargetsReady);
}

void main();
