import { isModerator, type Actor } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { requireModerator } from './staff.policy.js';

/** The parts of a server listing its access rules read. */
export interface ListingAccessFacts {
  ownerId: number;
  status: 'processing' | 'approved' | 'rejected' | 'withheld';
}

/**
 * The owner and moderators see everything of a listing (its moderation message, why it is out of
 * search, the last ping's error) and may change or delete it, whatever its status.
 */
export function managesListing(actor: Actor | null, listing: ListingAccessFacts): boolean {
  return actor !== null && (actor.userId === listing.ownerId || isModerator(actor));
}

/**
 * As for projects: an approved or withheld listing can be opened by anyone with its link (search
 * shows only approved ones); one waiting for review or rejected only by its owner and moderators —
 * anyone else gets the 404 of a missing one.
 */
export function requireVisibleListing<T extends ListingAccessFacts>(actor: Actor | null, listing: T | undefined): T {
  if (!listing) throw notFound('The server listing does not exist');
  if (listing.status === 'approved' || listing.status === 'withheld' || managesListing(actor, listing)) return listing;
  throw notFound('The server listing does not exist');
}

/** The listing, when the caller may change or delete it (others get the 404 of a missing one). */
export function requireManagedListing<T extends ListingAccessFacts>(actor: Actor, listing: T | undefined): T {
  if (!listing || !managesListing(actor, listing)) throw notFound('The server listing does not exist');
  return listing;
}

/** Deciding a listing's status and reading the review queue are moderators' tools (401 for anyone else). */
export function requireListingModeration(actor: Actor): Actor {
  return requireModerator(actor, 'Only moderators may review server listings');
}
