import { ALL_PROJECT_PERMISSIONS, PROJECT_PERMISSIONS, type ProjectPermission } from '@cairn/shared/constants/permissions';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { User } from '@cairn/shared/schemas/users';

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

const MODERATOR_PERMISSIONS = PROJECT_PERMISSIONS.EDIT_DETAILS | PROJECT_PERMISSIONS.EDIT_BODY | PROJECT_PERMISSIONS.UPLOAD_VERSION;

export interface SettingsAccess {
  /** The viewer's accepted membership, if any. */
  member: TeamMember | undefined;
  /** Effective project permission bits. */
  permissions: number;
  isOwner: boolean;
}

/**
 * What the signed-in user may do in a project's settings (api-surface §4.4): admins everything,
 * accepted members their own bits, moderators details and body; undefined = no access at all
 * (pending invitations grant nothing).
 */
export function settingsAccess(user: User | null | undefined, members: readonly TeamMember[]): SettingsAccess | undefined {
  if (!user) return undefined;
  const member = members.find((m) => m.user.id === user.id && m.accepted);
  const isOwner = member?.role === 'Owner';
  if (user.role === 'admin') return { member, permissions: ALL_PROJECT_PERMISSIONS, isOwner };
  if (member) return { member, permissions: isOwner ? ALL_PROJECT_PERMISSIONS : (member.permissions ?? 0), isOwner };
  if (user.role === 'moderator') return { member: undefined, permissions: MODERATOR_PERMISSIONS, isOwner: false };
  return undefined;
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
