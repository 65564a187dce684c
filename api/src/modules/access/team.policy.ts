import { hasPermission } from '@cairn/shared/constants/permissions';
import { isAdmin, type Actor } from '../../lib/actor.js';
import type { OrganizationAccess } from './organization.policy.js';
import type { ProjectAccess } from './project.policy.js';

/** A team and who the caller is to it: a project's team or an organization's. */
export type TeamAccess =
  | { kind: 'project'; teamId: number; access: ProjectAccess }
  | { kind: 'organization'; teamId: number; organization: OrganizationAccess };

/** Accepted members of the team (or of the owning organization) are insiders. */
export function isTeamInsider(team: TeamAccess): boolean {
  return team.kind === 'project' ? team.access.isAcceptedMember : Boolean(team.organization.membership?.accepted);
}

/** Insiders see every member row with private fields; others see accepted members and their own row. */
export function memberVisibility(team: TeamAccess, actor: Actor | null, member: { userId: number; accepted: boolean }): 'hidden' | 'public' | 'full' {
  const insider = isTeamInsider(team);
  const own = member.userId === actor?.userId;
  if (insider || own) return 'full';
  return member.accepted ? 'public' : 'hidden';
}

/** Project-permission bits for project teams, organization bits for organization teams. */
export function teamPermissions(team: TeamAccess): number {
  return team.kind === 'project' ? team.access.permissions : team.organization.permissions;
}

/** Whether the caller holds the bit that fits the team's kind. */
export function hasTeamPermission(team: TeamAccess, projectBit: number, organizationBit: number): boolean {
  return hasPermission(teamPermissions(team), team.kind === 'project' ? projectBit : organizationBit);
}

/** Ownership moves only at the owner's (or an admin's) request. */
export function canTransferTeamOwnership(actor: Actor, ownerUserId: number | undefined): boolean {
  return isAdmin(actor) || ownerUserId === actor.userId;
}

/** Members grant only bits they hold themselves; admins grant any. */
export function canGrantPermissions(actor: Actor, granted: number, held: number): boolean {
  return isAdmin(actor) || (granted & ~held) === 0;
}
