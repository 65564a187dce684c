import { HIDDEN_VERSION_STATUSES, isHiddenVersionStatus } from '@cairn/shared/constants/project-status';
import { notInArray, type AnyColumn, type SQL } from 'drizzle-orm';
import { isModerator, type Actor } from '../../lib/actor.js';
import type { ProjectAccess } from './project.policy.js';

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
