import { join } from 'node:path';
import Fastify from 'fastify';
import { createDiskFileStore } from '../src/lib/storage/file-store.js';
import { buildApp } from '../src/app.js';
import { loadConfig, workspaceRoot } from '../src/config.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { silentLogger } from '../src/embedded/process-utils.js';
import { openRuntime } from '../src/runtime.js';

/**
 * The servers under load, in a child process of the benchmark (so the load generator does not
 * share their event loop): the real API and, for reference, a bare Fastify route.
 */
export interface TargetsReady {
  type: 'ready';
  apiUrl: string;
  bareUrl: string;
}

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
  await seedReferenceData(runtime.database.db, silentLogger);
  const api = await buildApp({ config, database: runtime.database, search: runtime.search, files: createDiskFileStore(config.filesDir) }, { logger: false });
  await api.listen({ host: '127.0.0.1', port: 0 });

  // The same JSON GET /v2/ answers, from a Fastify instance with nothing else on it.
  const info = (await api.inject({ method: 'GET', url: '/v2/' })).json();
  const bare = Fastify({ logger: false });
  bare.get('/v2/', async () => info);
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
  process.send?.({ type: 'ready', apiUrl: address(api as unknown as typeof bare), bareUrl: address(bare) } satisfies TargetsReady);
}

void main();
