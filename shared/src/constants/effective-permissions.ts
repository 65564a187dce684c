import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS, hasPermission, type ProjectPermission } from './permissions.js';

/**
 * The one rule deciding what a user may do on a project (api-surface §4.4), used by the API's
 * access module and by the website alike, and the hand-over of a project to an organization
 * built on it.
 */

/** A membership row as far as permissions go: pending rows grant nothing; owners hold everything. */
export interface PermissionRow {
  accepted: boolean;
  isOwner: boolean;
  /** Project permission bits (`PROJECT_PERMISSIONS`); on an organization's team, its default project bits. */
  permissions: number;
}

/** Moderators act on any project with these. */
export const MODERATOR_PROJECT_PERMISSIONS = PROJECT_PERMISSIONS.EDIT_DETAILS | PROJECT_PERMISSIONS.EDIT_BODY | PROJECT_PERMISSIONS.UPLOAD_VERSION;

/**
 * Effective project permissions: admins everything; an accepted member of the project's team its
 * row's bits (even when lower than the organization's); else an accepted member of the owning
 * organization its default project bits (its owner everything); moderators a fixed set; anyone
 * else nothing.
 */
export function effectiveProjectPermissions(
  userRole: string | null | undefined,
  projectRow: PermissionRow | undefined,
  organizationRow: PermissionRow | undefined,
): number {
  if (userRole === 'admin') return ALL_PROJECT_PERMISSIONS;
  if (projectRow?.accepted) return projectRow.isOwner ? ALL_PROJECT_PERMISSIONS : projectRow.permissions;
  if (organizationRow?.accepted) return organizationRow.isOwner ? ALL_PROJECT_PERMISSIONS : organizationRow.permissions;
  if (userRole === 'moderator') return MODERATOR_PROJECT_PERMISSIONS;
  return 0;
}

/** The permission names a value holds, in bit order. */
export function projectPermissionNames(value: number): ProjectPermission[] {
  return (Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[]).filter((name) => hasPermission(value, PROJECT_PERMISSIONS[name]));
}

/**
 * What the project's owner keeps when an organization takes over its management
 * (`POST /organization/{id}/projects`, field `owner_permissions`):
 * - `keep` (the default): he stays on the project's team, no longer its owner, with the
 *   permissions he holds now;
 * - `organization_defaults` (the reference's rule): he leaves the project's team and acts with the
 *   organization's default project permissions for him.
 */
export const HAND_OVER_CHOICES = ['keep', 'organization_defaults'] as const;
export type HandOverChoice = (typeof HAND_OVER_CHOICES)[number];
export const DEFAULT_HAND_OVER_CHOICE: HandOverChoice = 'keep';

/** The project-team row the owner holds after the hand-over; undefined when he leaves the team. */
export function ownerRowAfterHandOver(choice: HandOverChoice, ownerRow: PermissionRow): PermissionRow | undefined {
  if (choice === 'organization_defaults') return undefined;
  return { accepted: true, isOwner: false, permissions: ownerRow.isOwner ? ALL_PROJECT_PERMISSIONS : ownerRow.permissions };
}

/** What the project's owner may do once the organization manages the project. */
export function permissionsAfterHandOver(
  userRole: string | null | undefined,
  choice: HandOverChoice,
  ownerRow: PermissionRow,
  organizationRow: PermissionRow | undefined,
): number {
  return effectiveProjectPermissions(userRole, ownerRowAfterHandOver(choice, ownerRow), organizationRow);
}
