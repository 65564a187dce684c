import { isModerator, type Actor } from '../../lib/actor.js';

/**
 * Collection visibility: its owner and moderators always see it; anyone else only while it is
 * neither private nor rejected and holds at least one project.
 */
export function canSeeCollection(actor: Actor | null, collection: { userId: number; status: string }, projectCount: number): boolean {
  if (actor && (actor.userId === collection.userId || isModerator(actor))) return true;
  return collection.status !== 'private' && collection.status !== 'rejected' && projectCount > 0;
}

/** Editing, icons and deletion: the owner or a moderator. */
export function canManageCollection(actor: Actor, collection: { userId: number }): boolean {
  return actor.userId === collection.userId || isModerator(actor);
}

/**
 * Owners move between listed, unlisted and private while the collection is not rejected;
 * moderators set any status (rejecting or restoring).
 */
export function canSetCollectionStatus(actor: Actor, current: string, next: string): boolean {
  if (isModerator(actor)) return true;
  return current !== 'rejected' && (next === 'listed' || next === 'unlisted' || next === 'private');
}
