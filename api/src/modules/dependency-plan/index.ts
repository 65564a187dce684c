import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import { onCatalogueChange } from '../../lib/catalogue-events.js';
import { createVersionCache } from '../versions/version-json.port.js';
import { dependencyPlanRoutes } from './dependency-plan.routes.js';
import { createDependencyPlanService } from './dependency-plan.service.js';

export interface DependencyPlanModuleDeps {
  db: Database;
  /** Version files are linked as `${publicApiUrl}/data/…`. */
  publicApiUrl: string;
  /** Signs links to files of versions not everyone may see. */
  fileTokens: FileTokens;
}

/** 8 MiB of serialized versions: a plan of a few hundred mods is answered from memory the second time. */
const CACHE_BYTES = 8 * 1024 * 1024;

/** A set of mods resolved with their dependencies to one loader and game version: POST /v2/dependency_plan. */
export const dependencyPlanModule: FastifyPluginAsync<DependencyPlanModuleDeps> = async (app, deps) => {
  // Its own cache of the same serialized versions, evicted like the hash lookups' one.
  const cache = createVersionCache(CACHE_BYTES);
  const stopEvicting = onCatalogueChange((projectIds) => cache.evict(projectIds));
  app.addHook('onClose', async () => stopEvicting());
  const service = createDependencyPlanService({ db: deps.db, cache, links: { publicApiUrl: deps.publicApiUrl, tokens: deps.fileTokens } });
  await app.register(dependencyPlanRoutes, { prefix: '/v2', service });
};
