import { hasScopes, scopeBits } from '@cairn/shared/constants/scopes';
import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';

/** What of a user the caller sees: everything (own account, admins), and the email only with the scope for it. */
export interface UserVisibility {
  full: boolean;
  email: boolean;
}

const PUBLIC: UserVisibility = { full: false, email: false };

export function userVisibility(actor: Actor | null, target: { id: number }): UserVisibility {
  if (!actor || (actor.userId !== target.id && !isAdmin(actor))) return PUBLIC;
  return { full: true, email: hasScopes(actor.scopes, scopeBits('USER_READ_EMAIL')) };
}

/** Users edit themselves; moderators edit anyone but admins; admins everyone. */
export function canEditUser(actor: Actor, target: { id: number; role: string }): boolean {
  if (actor.userId === target.id || isAdmin(actor)) return true;
  return isModerator(actor) && target.role !== 'admin';
}

/** Roles and badges are for admins to give. */
export function canChangeRolesAndBadges(actor: Actor): boolean {
  return isAdmin(actor);
}

/** An account is deleted by its owner or an admin. */
export function canDeleteUser(actor: Actor, target: { id: number }): boolean {
  return actor.userId === target.id || isAdmin(actor);
}

/** What is a user's own business (follows, notifications, billing, payouts) is theirs and admins'. */
export function mayActForUser(actor: Actor, userId: number): boolean {
  return actor.userId === userId || isAdmin(actor);
}

/** Whose rows a caller's bulk action touches: their own, or everyone's (null) for admins. */
export function ownScope(actor: Actor): number | null {
  return isAdmin(actor) ? null : actor.userId;
}

/** The user and moderators see all of a user's listings: unsearchable projects, pending invitations. */
export function seesAllListingsOf(actor: Actor | null, userId: number): boolean {
  return actor !== null && (actor.userId === userId || isModerator(actor));
}

/** Looking accounts up by email address is for admins (support requests). */
export function canLookUpUsersByEmail(actor: Actor): boolean {
  return isAdmin(actor);
}

/** An admin account: the last one may be neither demoted nor deleted. */
export function isAdminAccount(user: { role: string }): boolean {
  return user.role === 'admin';
}
