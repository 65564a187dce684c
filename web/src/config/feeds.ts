import { isSearchableProjectStatus } from '@cairn/shared/constants/project-status';
import { env } from './env';
import { withQuery } from './paths';

/**
 * The API's Atom feeds (docs/api/feeds.md). Absolute URLs: readers subscribe to them from outside
 * the site, so a same-origin API (`apiUrl` empty) is spelled out with the page's origin.
 */
function apiUrl(path: string): string {
  return `${env.apiUrl || window.location.origin}${path}`;
}

const encode = encodeURIComponent;

export const feedUrls = {
  project: (id: string) => apiUrl(`/v2/project/${encode(id)}/feed.atom`),
  user: (id: string) => apiUrl(`/v2/user/${encode(id)}/feed.atom`),
  collection: (id: string) => apiUrl(`/v2/collection/${encode(id)}/feed.atom`),
  /** The newest projects of a search: its text and facets, as the search page sends them to `/v2/search`. */
  search: (search: { query?: string | undefined; facets?: string | undefined }) =>
    apiUrl(withQuery('/v2/search/feed.atom', { query: search.query || undefined, facets: search.facets || undefined })),
};

/** Feeds show only what everyone may list: approved and archived projects have one (404 otherwise). */
export const projectHasFeed = (status: string) => isSearchableProjectStatus(status);

/** A collection anyone may see (listed or unlisted, not empty) has one. */
export const collectionHasFeed = (collection: { status: string; projects: readonly unknown[] }) =>
  (collection.status === 'listed' || collection.status === 'unlisted') && collection.projects.length > 0;
