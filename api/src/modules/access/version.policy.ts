import { HIDDEN_PROJECT_STATUSES, HIDDEN_VERSION_STATUSES, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import { and, notInArray, type AnyColumn, type SQL } from 'drizzle-orm';
import { isModerator, type Actor } from '../../lib/actor.js';
import type { Executor } from '../../db/client.js';
import { findVersionRef } from './access.repository.js';
import { listProjectAccess, type ProjectAccess } from './project.policy.js';

/**
 * Who sees which version: the project's visibility first; then draft, scheduled and unknown
 * versions are hidden from everyone but the project's members (pending included) and
 * moderators. One rule, used on loaded rows and as SQL when listing.
 */
export function seesHiddenVersions(actor: Actor | null, access: ProjectAccess): boolean {
  return isModerator(actor) || access.isMember;
}

/** Whether the caller may see a version of a project it has access information for. */
export function canSeeVersion(actor: Actor | null, versionStatus: string, access: ProjectAccess): boolean {
  if (seesHiddenVersions(actor, access)) return true;
  return access.visible && !isHiddenVersionStatus(versionStatus);
}

/** The same rule as a condition on a version status column (undefined: every version). */
export function visibleVersionsCondition(actor: Actor | null, access: ProjectAccess, status: AnyColumn): SQL | undefined {
  return seesHiddenVersions(actor, access) ? undefined : notInArray(status, [...HIDDEN_VERSION_STATUSES]);
}

/**
 * What a caller without any access sees (an anonymous one): versions neither hidden themselves nor
 * in a hidden project, as a condition on the two status columns, so bulk reads by anonymous
 * callers (launchers) need no project teams.
 */
export function publicVersionsCondition(versionStatus: AnyColumn, projectStatus: AnyColumn): SQL {
  return and(notInArray(versionStatus, [...HIDDEN_VERSION_STATUSES]), notInArray(projectStatus, [...HIDDEN_PROJECT_STATUSES]))!;
}

/** A version the caller may see, with its project's access; undefined for a missing or hidden one. */
export async function findVisibleVersionAccess(db: Executor, actor: Actor | null, versionId: number | undefined): Promise<{ versionId: number; access: ProjectAccess } | undefined> {
  const version = versionId === undefined ? undefined : await findVersionRef(db, versionId);
  if (!version) return undefined;
  const [access] = await listProjectAccess(db, actor, [version.projectId]);
  return access && canSeeVersion(actor, version.status, access) ? { versionId: version.id, access } : undefined;
}

/** Download counts are corrected by moderators only. */
export function canChangeDownloadCounts(actor: Actor): boolean {
  return isModerator(actor);
}
