import { LISTED_VERSION_STATUSES, SEARCHABLE_PROJECT_STATUSES, isSearchableProjectStatus } from '@cairn/shared/constants/project-status';
import { canSeeCollection } from './collection.policy.js';

/**
 * What the public feeds may show. Feeds are anonymous and cached by anyone in between, so they
 * hold only what the catalogue lists to everyone: projects in a searchable status (approved or
 * archived; never draft, private, unlisted or under review) and their listed or archived versions
 * (never drafts, scheduled, unlisted or unknown ones). Credentials sent along change nothing.
 */
export const FEED_PROJECT_STATUSES = SEARCHABLE_PROJECT_STATUSES;
export const FEED_VERSION_STATUSES = LISTED_VERSION_STATUSES;

/** Whether a project has a feed and appears in others. */
export function appearsInFeeds(projectStatus: string): boolean {
  return isSearchableProjectStatus(projectStatus);
}

/** A collection has a feed when an anonymous visitor may see it (not private or rejected, not empty). */
export function collectionHasFeed(collection: { userId: number; status: string }, projectCount: number): boolean {
  return canSeeCollection(null, collection, projectCount);
}
