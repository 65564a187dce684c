import { effectiveProjectPermissions, type PermissionRow } from '@cairn/shared/constants/effective-permissions';
import { hasPermission, PROJECT_PERMISSIONS, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { User } from '@cairn/shared/schemas/users';

/** The project's team and, for a project an organization owns, the organization's team. */
export interface ProjectTeams {
  members: readonly TeamMember[];
  organizationMembers: readonly TeamMember[];
}

function acceptedRow(members: readonly TeamMember[], userId: string): TeamMember | undefined {
  return members.find((member) => member.user.id === userId && member.accepted);
}

/** A wire team member as the permission rule reads it (the wire role reads "Owner" for the owner only). */
export function permissionRowOf(member: TeamMember | undefined): PermissionRow | undefined {
  return member && { accepted: member.accepted, isOwner: member.role === 'Owner', permissions: member.permissions ?? 0 };
}

/**
 * What the signed-in user may do on a project, as the API decides it — the same rule, from
 * shared: admins everything; an accepted member of the project team their row's bits (even when
 * lower than the organization's); else an accepted member of the owning organization its default
 * project bits (its owner all); moderators a fixed set; anyone else nothing. The UI only hides
 * what would be refused.
 */
export function projectPermissionsOf(user: User | null | undefined, teams: ProjectTeams): number {
  if (!user) return 0;
  return effectiveProjectPermissions(user.role, permissionRowOf(acceptedRow(teams.members, user.id)), permissionRowOf(acceptedRow(teams.organizationMembers, user.id)));
}

/** The viewer's accepted row in the project team, else in the owning organization's team. */
export function teamRowOf(user: User | null | undefined, teams: ProjectTeams): { row: TeamMember; viaOrganization: boolean } | undefined {
  if (!user) return undefined;
  const own = acceptedRow(teams.members, user.id);
  if (own) return { row: own, viaOrganization: false };
  const organization = acceptedRow(teams.organizationMembers, user.id);
  return organization ? { row: organization, viaOrganization: true } : undefined;
}

export function canOnProject(permissions: number, permission: ProjectPermission): boolean {
  return hasPermission(permissions, PROJECT_PERMISSIONS[permission]);
}

/** Team members (invitations still pending too), the owning organization's members and staff: who sees member-only tabs. */
export function isTeamOrStaff(user: User | null | undefined, teams: ProjectTeams): boolean {
  if (!user) return false;
  const onTeam = (members: readonly TeamMember[]) => members.some((member) => member.user.id === user.id);
  return user.role === 'admin' || user.role === 'moderator' || onTeam(teams.members) || acceptedRow(teams.organizationMembers, user.id) !== undefined;
}
