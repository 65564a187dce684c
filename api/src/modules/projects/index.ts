import type { FastifyPluginAsync } from 'fastify';
import { createProjectsService } from './projects.service.js';
import { projectsRoutes } from './projects.routes.js';
import { projectsV3Routes } from './projects-v3.routes.js';
import { projectTranslationsRoutes } from './project-translations.routes.js';
import { createProjectCache } from './project-cache.js';
import type { ProjectsServiceDeps } from './project-context.js';
import { onCatalogueChange } from '../../lib/catalogue-events.js';

/** Projects, their images and follows, and users' project lists, under /v2 (and the project read under /v3). */
export const projectsModule: FastifyPluginAsync<Omit<ProjectsServiceDeps, 'cache'>> = async (app, deps) => {
  const cache = createProjectCache();
  const stopEvicting = onCatalogueChange((ids) => cache.evict(ids));
  app.addHook('onClose', async () => stopEvicting());
  const service = createProjectsService({ ...deps, cache });
  await app.register(projectsRoutes, { prefix: '/v2', service, files: deps.files });
  await app.register(projectTranslationsRoutes, { prefix: '/v2', service });
  await app.register(projectsV3Routes, { prefix: '/v3', service });
};
