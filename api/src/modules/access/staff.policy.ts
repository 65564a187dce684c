import { isAdmin, isModerator, type Actor } from '../../lib/actor.js';
import { unauthorized } from '../../lib/errors.js';

/** Admin-only actions (refunds, credits, server operations, clearing review locks). Others get 401. */
export function requireAdmin(actor: Actor): Actor {
  if (!isAdmin(actor)) throw unauthorized('Only administrators may do this');
  return actor;
}

/** Moderator-only actions (admins included); `description` says what the others may not do (401). */
export function requireModerator(actor: Actor, description: string): Actor {
  if (!isModerator(actor)) throw unauthorized(description);
  return actor;
}

/** Admins own any number of projects, organizations and collections. */
export function hasNoOwnershipLimits(actor: Actor): boolean {
  return isAdmin(actor);
}
