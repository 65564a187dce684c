import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS, hasPermission, type OrganizationPermission, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { Organization } from '@cairn/shared/schemas/organizations';

export const ORGANIZATION_PERMISSION_NAMES = Object.keys(ORGANIZATION_PERMISSIONS) as OrganizationPermission[];
export const PROJECT_PERMISSION_NAMES = Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[];

/** The signed-in user's row in the organization, when there is one. */
export function membershipOf(organization: Organization, userId: string | undefined) {
  return userId ? organization.members.find((m) => m.user.id === userId) : undefined;
}

/** What the user may do in the organization (owners and admins everything; pending invites nothing). */
export function canInOrganization(organization: Organization, user: { id: string; role: string } | null | undefined, permission: OrganizationPermission): boolean {
  if (!user) return false;
  if (user.role === 'admin') return true;
  const member = membershipOf(organization, user.id);
  if (!member?.accepted) return false;
  if (member.role === 'Owner') return true;
  return hasPermission(member.organization_permissions ?? 0, ORGANIZATION_PERMISSIONS[permission]);
}

export function canManageOrganization(organization: Organization, user: { id: string; role: string } | null | undefined): boolean {
  return ORGANIZATION_PERMISSION_NAMES.some((name) => canInOrganization(organization, user, name));
}
