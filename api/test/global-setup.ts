import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig, workspaceRoot } from '../src/config.js';
import { createDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedReferenceData } from '../src/db/seed/reference-data.js';
import { provideServices } from '../src/embedded/services.js';
import { silentLogger } from '../src/embedded/process-utils.js';
import { databaseUrlFor, recreateDatabase } from './database-admin.js';
import { clearContractCoverage, printContractCoverage } from './contract/contract-coverage-summary.js';

export const TEMPLATE_DATABASE = 'cairn_test_template';

/**
 * Starts the real PostgreSQL and Meilisearch once for the integration suite (embedded under
 * .data/test — or CAIRN_TEST_DATA_DIR, so two runs on one machine keep apart — or the servers
 * named by DATABASE_URL / MEILISEARCH_URL), and prepares a migrated, seeded template database that
 * every test file clones.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const env = process.env;
  const config = loadConfig({
    CAIRN_DATA_DIR: env.CAIRN_TEST_DATA_DIR ?? join(workspaceRoot(), '.data', 'test'),
    DATABASE_URL: env.DATABASE_URL,
    MEILISEARCH_URL: env.MEILISEARCH_URL,
    MEILISEARCH_KEY: env.MEILISEARCH_KEY,
  });
  const services = await provideServices(config, silentLogger, { postgresSettings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } });
  const adminUrl = databaseUrlFor(services.databaseUrl, 'postgres');
  const templateUrl = databaseUrlFor(services.databaseUrl, TEMPLATE_DATABASE);

  await recreateDatabase(adminUrl, TEMPLATE_DATABASE);
  await runMigrations(templateUrl);
  const template = createDatabase(templateUrl, { poolSize: 1 });
  try {
    await seedReferenceData(template.db, silentLogger);
  } finally {
    await template.close();
  }

  project.provide('databaseUrl', services.databaseUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);
  project.provide('searchUrl', services.search.url);
  project.provide('searchKey', services.search.key);
  await clearContractCoverage();
  return async () => {
    await printContractCoverage();
    await services.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    templateDatabase: string;
    searchUrl: string;
    searchKey: string;
  }
}
