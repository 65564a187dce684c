import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { Database } from '../../db/client.js';
import type { FileStore } from '../../lib/storage/file-store.js';
import type { FileTokens } from '../../lib/file-tokens.js';
import type { JobQueue } from '../../jobs/job-runner.js';
import { createProjectsService } from './projects.service.js';
import { projectsRoutes } from './projects.routes.js';
import { createProjectCache } from './project-cache.js';
import { onCatalogueChange } from '../../lib/catalogue-events.js';

/** Projects, their images and follows, and users' project lists, under /v2. */
export const projectsModule: FastifyPluginAsync<{ db: Database; files: FileStore; cdnUrl: string; publicApiUrl: string; fileTokens: FileTokens; jobs?: JobQueue }> = async (app, deps) => {
  await app.register(multipart);
  const cache = createProjectCache();
  const stopEvicting = onCatalogueChange((ids) => cache.evict(ids));
  app.addHook('onClose', async () => stopEvicting());
  await app.register(projectsRoutes, { service: createProjectsService({ ...deps, cache }), files: deps.files });
};
