import type { Config } from './config.js';
import { createDatabase, type DatabaseClient } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { provideServices, type ServiceEndpoints } from './embedded/services.js';
import type { Logger } from './embedded/process-utils.js';
import { createSearchClient, type SearchClient } from './lib/search-client.js';

/** Everything a Cairn process talks to: PostgreSQL (migrated) and Meilisearch. */
export interface Runtime {
  services: ServiceEndpoints;
  database: DatabaseClient;
  search: SearchClient;
  /** Closes clients, then stops the embedded servers this process started. */
  close(): Promise<void>;
}

export async function openRuntime(
  config: Config,
  log: Logger,
  options: {
    shareRunning?: boolean;
    applicationName?: string;
    /** `jobs` for processes that only run jobs or admin commands: no statement limit, no wait limit. */
    workload?: 'requests' | 'jobs';
  } = {},
): Promise<Runtime> {
  const services = await provideServices(config, log, { shareRunning: options.shareRunning });
  try {
    await runMigrations(services.databaseUrl);
    const database = createDatabase(services.databaseUrl, {
      poolSize: config.database.poolSize,
      applicationName: options.applicationName,
      ...config.database[options.workload ?? 'requests'],
    });
    const search = createSearchClient({
      ...services.search,
      searchTimeoutMs: config.search.searchTimeoutMs,
      indexingTimeoutMs: config.search.indexingTimeoutMs,
    });
    return {
      services,
      database,
      search,
      close: async () => {
        await database.close();
        await services.stop();
      },
    };
  } catch (error) {
    await services.stop();
    throw error;
  }
}
