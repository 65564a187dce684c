import { createProjectContext, type ProjectsServiceDeps } from './project-context.js';
import { createProjectCreation } from './project-creation.js';
import { createProjectEditing } from './project-editing.js';
import { createProjectFollows } from './project-follows.js';
import { createProjectHashLookups } from './project-hashes.js';
import { createProjectMedia } from './project-media.js';
import { createProjectReads } from './project-reads.js';
import { createProjectSchedules } from './project-schedules.js';
import { createProjectTranslations } from './project-translations.js';

export type { ProjectsServiceDeps } from './project-context.js';

/** The projects module's service: one object over its use cases, each in its own file. */
export function createProjectsService(deps: ProjectsServiceDeps) {
  const context = createProjectContext(deps);
  return {
    discardBlobs: (keys: string[]) => context.discardBlobs(keys),
    ...createProjectReads(context),
    ...createProjectCreation(context),
    ...createProjectEditing(context),
    ...createProjectMedia(context),
    ...createProjectFollows(context),
    ...createProjectHashLookups(context),
    ...createProjectSchedules(context),
    ...createProjectTranslations(context),
  };
}

export type ProjectsService = ReturnType<typeof createProjectsService>;
