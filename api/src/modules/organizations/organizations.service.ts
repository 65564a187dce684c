import { createOrganizationContext, type OrganizationsServiceDeps } from './organization-context.js';
import { createOrganizationDetails } from './organization-details.js';
import { createOrganizationProjects } from './organization-projects.js';

export type { OrganizationsServiceDeps } from './organization-context.js';

/** The organizations module's service: one object over its use cases, each in its own file. */
export function createOrganizationsService(deps: OrganizationsServiceDeps) {
  const context = createOrganizationContext(deps);
  return { ...createOrganizationDetails(context), ...createOrganizationProjects(context) };
}

export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
