import { isApprovedLikeProjectStatus, type RequestableProjectStatus } from '@cairn/shared/constants/project-status';
import type { ModifyProjectBody, Project } from '@cairn/shared/schemas/projects';

/** The visibilities a team chooses between (web-screens §2.5 General). */
export const VISIBILITIES = ['approved', 'archived', 'unlisted', 'private'] as const satisfies readonly RequestableProjectStatus[];
export type Visibility = (typeof VISIBILITIES)[number];

/** Once approved, the choice is the status itself; before that it is the status asked for on approval. */
export function isApproved(project: Pick<Project, 'status'>): boolean {
  return isApprovedLikeProjectStatus(project.status);
}

export function currentVisibility(project: Pick<Project, 'status' | 'requested_status'>): Visibility {
  const value = isApproved(project) ? project.status : (project.requested_status ?? 'approved');
  return (VISIBILITIES as readonly string[]).includes(value) ? (value as Visibility) : 'approved';
}

/** Where a project of this visibility shows: search, the members' profiles, its own URL. */
export function visibilityReach(visibility: Visibility): { search: boolean; profile: boolean; url: boolean } {
  return {
    search: visibility === 'approved' || visibility === 'archived',
    profile: visibility !== 'private',
    url: visibility !== 'private',
  };
}

/** The PATCH field a new visibility goes in. */
export function visibilityBody(project: Pick<Project, 'status'>, visibility: Visibility): ModifyProjectBody {
  return isApproved(project) ? { status: visibility } : { requested_status: visibility };
}
