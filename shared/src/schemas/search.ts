import { z } from 'zod';
import { FACET_COUNT_FIELDS, SEARCH_MAX_LIMIT } from '../constants/search.js';
import { Base62IdSchema } from './common.js';
import { EnvironmentSchema } from './versions.js';
import { SideTypeSchema, WireProjectTypeSchema } from './projects.js';

// GET /v2/search (operation `searchProjects`): query parameters and the `SearchResults` /
// `ProjectResult` objects of the v2 OpenAPI document, plus Cairn's additive `facet_counts`.

/**
 * Query parameters. `facets`, `filters` and `version` are checked in depth by the API (it
 * names the broken group or condition), so here they are plain strings.
 */
export const SearchProjectsQuerySchema = z.object({
  query: z.string().max(512).optional(),
  /** JSON array of OR-groups combined with AND: `[["categories:forge"],["versions:1.20.1"]]`. */
  facets: z.string().optional(),
  /** Sort: relevance (default), downloads, follows, newest, updated, title, trending. */
  index: z.string().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(0).max(SEARCH_MAX_LIMIT).default(10),
  /** Legacy filter expression (`categories = forge AND versions = "1.20.1"`). */
  filters: z.string().optional(),
  /** Legacy game-version filter expression, combined with `filters` by AND. */
  version: z.string().optional(),
});
export type SearchProjectsQuery = z.infer<typeof SearchProjectsQuerySchema>;

/** One search hit (v2 `ProjectResult`). */
export const ProjectResultSchema = z
  .object({
    project_id: Base62IdSchema,
    project_type: WireProjectTypeSchema,
    slug: z.string(),
    author: z.string(),
    title: z.string(),
    description: z.string(),
    /** Categories (primary and additional) and loaders. */
    categories: z.array(z.string()),
    /** Primary categories and loaders. */
    display_categories: z.array(z.string()),
    /** Game versions, oldest first. */
    versions: z.array(z.string()),
    downloads: z.number().int(),
    follows: z.number().int(),
    /** Empty string when the project has no icon. */
    icon_url: z.string(),
    date_created: z.iso.datetime({ offset: true }),
    date_modified: z.iso.datetime({ offset: true }),
    /** Id of the newest listed version ('' when there is none). */
    latest_version: z.string(),
    license: z.string(),
    client_side: SideTypeSchema,
    server_side: SideTypeSchema,
    gallery: z.array(z.string()),
    featured_gallery: z.string().nullable(),
    color: z.number().int().nullable(),
    all_project_types: z.array(z.string()),
    environment: z.array(EnvironmentSchema),
    disclosure_types: z.array(z.string()),
    author_id: Base62IdSchema.nullable(),
    organization: z.string().nullable(),
    organization_id: Base62IdSchema.nullable(),
  })
  .strict();
export type ProjectResult = z.infer<typeof ProjectResultSchema>;

/** For each counted field, how many projects match each value under the other active filters. */
export const FacetCountsSchema = z.object(
  Object.fromEntries(FACET_COUNT_FIELDS.map((field) => [field, z.record(z.string(), z.number().int())])) as Record<
    (typeof FACET_COUNT_FIELDS)[number],
    z.ZodRecord<z.ZodString, z.ZodNumber>
  >,
);
export type FacetCounts = z.infer<typeof FacetCountsSchema>;

/** v2 `SearchResults`; `facet_counts` is a Cairn addition that older clients ignore. */
export const SearchResultsSchema = z.object({
  hits: z.array(ProjectResultSchema),
  offset: z.number().int(),
  limit: z.number().int(),
  total_hits: z.number().int(),
  facet_counts: FacetCountsSchema.optional(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;
