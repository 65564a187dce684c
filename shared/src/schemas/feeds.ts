import { z } from 'zod';
import { SearchProjectsQuerySchema } from './search.js';

/** Path of a feed of one project, user or collection: its id, slug or username. */
export const FeedParamsSchema = z.object({ id: z.string().min(1).max(128) });
export type FeedParams = z.infer<typeof FeedParamsSchema>;

/**
 * The search feed takes the filters of `GET /v2/search` (query, facets and the legacy filters);
 * its order (newest first) and length are fixed.
 */
export const SearchFeedQuerySchema = SearchProjectsQuerySchema.pick({ query: true, facets: true, filters: true, version: true });
export type SearchFeedQuery = z.infer<typeof SearchFeedQuerySchema>;

/** Media type of the feeds (RFC 4287). */
export const ATOM_CONTENT_TYPE = 'application/atom+xml; charset=utf-8';
