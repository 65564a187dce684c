import { PROJECT_PERMISSIONS, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { User } from '@cairn/shared/schemas/users';
import { projectPermissionsOf, teamRowOf, type ProjectTeams } from '../../../lib/project-permissions';

/** The ten project permission bits in the order the members page lists them. */
export const PERMISSION_ORDER: readonly ProjectPermission[] = [
  'UPLOAD_VERSION',
  'DELETE_VERSION',
  'EDIT_DETAILS',
  'EDIT_BODY',
  'MANAGE_INVITES',
  'REMOVE_MEMBER',
  'EDIT_MEMBER',
  'DELETE_PROJECT',
  'VIEW_ANALYTICS',
  'VIEW_PAYOUTS',
];

export interface SettingsAccess {
  /** The viewer's accepted membership in the project team, if any. */
  member: TeamMember | undefined;
  /** Effective project permission bits (organization members' defaults included). */
  permissions: number;
  isOwner: boolean;
  /**
   * Where the permissions come from: the viewer's row on the project's team, the owning
   * organization's default project permissions for him (no row of his own), or his staff role.
   */
  source: 'team' | 'organization' | 'staff';
  /** The organization whose defaults apply, when `source` is `organization` and it is known. */
  organization?: { name: string; slug: string } | undefined;
}

/**
 * What the signed-in user may do in a project's settings (api-surface §4.4): the effective
 * permissions of lib/project-permissions; undefined = no access at all (outsiders, and pending
 * invitations, which grant nothing). Accepted members of the owning organization get in with
 * their default project permissions.
 */
export function settingsAccess(user: User | null | undefined, teams: ProjectTeams, organization?: { name: string; slug: string } | null): SettingsAccess | undefined {
  if (!user) return undefined;
  const row = teamRowOf(user, teams);
  if (!row && user.role !== 'admin' && user.role !== 'moderator') return undefined;
  const member = row && !row.viaOrganization ? row.row : undefined;
  const source = !row ? 'staff' : row.viaOrganization ? 'organization' : 'team';
  return {
    member,
    permissions: projectPermissionsOf(user, teams),
    isOwner: member?.role === 'Owner',
    source,
    ...(source === 'organization' && organization ? { organization: { name: organization.name, slug: organization.slug } } : {}),
  };
}

export function holds(permissions: number, permission: ProjectPermission): boolean {
  const bit = PROJECT_PERMISSIONS[permission];
  return (permissions & bit) === bit;
}

/** Only bits the editor holds can be granted or taken away (the API answers 400 otherwise). */
export function canGrant(editorPermissions: number, permission: ProjectPermission): boolean {
  return holds(editorPermissions, permission);
}

/** Turns one bit on or off; a bit the editor does not hold is left as it is. */
export function togglePermission(value: number, permission: ProjectPermission, on: boolean, editorPermissions: number): number {
  if (!canGrant(editorPermissions, permission)) return value;
  const bit = PROJECT_PERMISSIONS[permission];
  return on ? value | bit : value & ~bit;
}
