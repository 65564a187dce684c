import { ALL_PROJECT_PERMISSIONS, hasPermission, PROJECT_PERMISSIONS, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { User } from '@cairn/shared/schemas/users';

/** Moderators act on projects with these (api-surface §4.4). */
const MODERATOR_PERMISSIONS = PROJECT_PERMISSIONS.EDIT_DETAILS | PROJECT_PERMISSIONS.EDIT_BODY | PROJECT_PERMISSIONS.UPLOAD_VERSION;

/**
 * What the signed-in user may do on a project, as the API decides it: admins everything, an
 * accepted team member their row's permissions, moderators a fixed set, anyone else nothing.
 * The UI only hides what would be refused; the API stays the gate.
 */
export function projectPermissionsOf(user: User | null | undefined, members: readonly TeamMember[]): number {
  if (!user) return 0;
  if (user.role === 'admin') return ALL_PROJECT_PERMISSIONS;
  const own = members.find((member) => member.user.id === user.id && member.accepted);
  if (own) return own.permissions ?? 0;
  return user.role === 'moderator' ? MODERATOR_PERMISSIONS : 0;
}

export function canOnProject(permissions: number, permission: ProjectPermission): boolean {
  return hasPermission(permissions, PROJECT_PERMISSIONS[permission]);
}

/** Team members (invitations still pending too) and staff: who sees a project's member-only tabs. */
export function isTeamOrStaff(user: User | null | undefined, members: readonly TeamMember[]): boolean {
  if (!user) return false;
  return user.role === 'admin' || user.role === 'moderator' || members.some((member) => member.user.id === user.id);
}
