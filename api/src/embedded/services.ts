import { join, resolve } from 'node:path';
import type { Config } from '../config.js';
import { startEmbeddedMeilisearch } from './meilisearch.js';
import { startEmbeddedPostgres } from './postgres.js';
import type { Logger } from './process-utils.js';

export interface ServiceEndpoints {
  databaseUrl: string;
  search: { url: string; key: string };
  /** Stops whatever was started here (external services are left alone). */
  stop(): Promise<void>;
  started: string[];
  /** The embedded servers this process supervises (absent when external or shared). */
  supervised: { postgres?: SupervisedServer; meilisearch?: SupervisedServer };
}

export interface SupervisedServer {
  pid(): number | undefined;
  restarts(): number;
}

/**
 * Uses DATABASE_URL / MEILISEARCH_URL when set, otherwise starts the embedded servers
 * with their data under the data folder. Used by `npm start`, the CLI and the test suites.
 */
export async function provideServices(
  config: Pick<Config, 'dataDir' | 'database' | 'search'>,
  log: Logger,
  options: { shareRunning?: boolean; postgresSettings?: Record<string, string> } = {},
): Promise<ServiceEndpoints> {
  const dataDir = resolve(config.dataDir);
  const stops: Array<() => Promise<void>> = [];
  const started: string[] = [];
  const supervised: ServiceEndpoints['supervised'] = {};
  try {
    let databaseUrl = config.database.url;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dir: join(dataDir, 'postgres'),
        log,
        shareRunning: options.shareRunning,
        settings: options.postgresSettings,
      });
      stops.push(pg.stop);
      if (pg.owned) {
        started.push(`PostgreSQL on 127.0.0.1:${pg.port}`);
        supervised.postgres = pg;
      }
      databaseUrl = pg.url;
    }
    let search = config.search.url && config.search.key ? { url: config.search.url, key: config.search.key } : undefined;
    if (!search) {
      const meili = await startEmbeddedMeilisearch({ dir: join(dataDir, 'meilisearch'), log, shareRunning: options.shareRunning });
      stops.push(meili.stop);
      if (meili.owned) {
        started.push(`Meilisearch on 127.0.0.1:${meili.port}`);
        supervised.meilisearch = meili;
      }
      search = { url: meili.url, key: meili.key };
    }
    return {
      databaseUrl,
      search,
      started,
      supervised,
      stop: async () => {
        await Promise.all(stops.map((stop) => stop()));
      },
    };
  } catch (error) {
    await Promise.all(stops.map((stop) => stop()));
    throw error;
  }
}
