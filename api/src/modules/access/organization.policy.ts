import { ALL_ORGANIZATION_PERMISSIONS, ORGANIZATION_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { Executor } from '../../db/client.js';
import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';
import * as repo from './access.repository.js';
import type { MembershipRow } from './access.repository.js';

const MODERATOR_ORGANIZATION_PERMISSIONS = ORGANIZATION_PERMISSIONS.EDIT_DETAILS | ORGANIZATION_PERMISSIONS.ADD_PROJECT;

export function effectiveOrganizationPermissions(actor: Actor | null, membership: MembershipRow | undefined): number {
  if (isAdmin(actor)) return ALL_ORGANIZATION_PERMISSIONS;
  if (membership?.accepted) return membership.isOwner ? ALL_ORGANIZATION_PERMISSIONS : (membership.organizationPermissions ?? 0);
  if (isModerator(actor)) return MODERATOR_ORGANIZATION_PERMISSIONS;
  return 0;
}

export interface OrganizationAccess {
  organizationId: number;
  teamId: number;
  membership: MembershipRow | undefined;
  visible: boolean;
  permissions: number;
}

/**
 * Organizations are visible when they own a searchable project or have more than one
 * accepted member; otherwise only to moderators and their members.
 */
export async function listOrganizationAccess(db: Executor, actor: Actor | null, organizationIds: readonly number[]): Promise<OrganizationAccess[]> {
  const facts = await repo.listOrganizationPublicity(db, organizationIds);
  const memberships = actor ? await repo.listMemberships(db, actor.userId, facts.map((f) => f.teamId)) : [];
  return facts.map((f) => {
    const membership = memberships.find((m) => m.teamId === f.teamId);
    return {
      organizationId: f.id,
      teamId: f.teamId,
      membership,
      visible: f.hasSearchableProject || f.acceptedMembers > 1 || isModerator(actor) || membership !== undefined,
      permissions: effectiveOrganizationPermissions(actor, membership),
    };
  });
}
