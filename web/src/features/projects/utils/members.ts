import type { TeamMember } from '@cairn/shared/schemas/teams';

/** Creators in display order: the owner first, then by role, then by username. */
export function sortMembers(members: readonly TeamMember[]): TeamMember[] {
  const isOwner = (member: TeamMember) => member.role === 'Owner';
  return [...members]
    .filter((member) => member.accepted)
    .sort(
      (a, b) =>
        Number(isOwner(b)) - Number(isOwner(a)) ||
        a.role.localeCompare(b.role) ||
        a.user.username.localeCompare(b.user.username, undefined, { sensitivity: 'base' }),
    );
}
