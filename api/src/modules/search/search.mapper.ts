import type { Project } from '@cairn/shared/schemas/projects';
import type { FacetCounts, ProjectResult, SearchResults } from '@cairn/shared/schemas/search';
import { encodeBase62 } from '../../lib/ids.js';

/**
 * Search hits. The index stores each hit with CDN-relative image paths (`/<key>`), built from
 * the v2 Project object when the document is written; answering a search only prefixes the
 * configured CDN URL, so changing PUBLIC_CDN_URL needs no reindex.
 */

export interface HitSources {
  /** The v2 Project, built with an empty CDN URL (so image URLs are `/<key>`). */
  project: Project;
  author: { userId: number | null; username: string | null; organizationId: number | null; organizationName: string | null };
  /** First SPDX token of the license id. */
  license: string;
  /** Every project type of the listed versions (the declared type without versions). */
  allProjectTypes: string[];
  latestVersionId: number | undefined;
  /** Approval time, else publication time. */
  created: Date;
}

/** The stored form of a hit (a ProjectResult with relative image paths). */
export function toStoredHit(sources: HitSources): ProjectResult {
  const { project, author } = sources;
  const primary = project.categories;
  const loaders = project.loaders;
  const featured = project.gallery.find((image) => image.featured);
  return {
    project_id: project.id,
    project_type: project.project_type,
    slug: project.slug,
    author: author.organizationName ?? author.username ?? '',
    title: project.title,
    description: project.description,
    categories: [...new Set([...primary, ...project.additional_categories, ...loaders])],
    display_categories: [...new Set([...primary, ...loaders])],
    versions: project.game_versions,
    downloads: project.downloads,
    follows: project.followers,
    icon_url: project.icon_url ?? '',
    date_created: sources.created.toISOString(),
    date_modified: project.updated,
    latest_version: sources.latestVersionId === undefined ? '' : encodeBase62(sources.latestVersionId),
    license: sources.license,
    client_side: project.client_side,
    server_side: project.server_side,
    gallery: project.gallery.map((image) => image.url),
    featured_gallery: featured?.url ?? null,
    color: project.color,
    all_project_types: sources.allProjectTypes,
    environment: project.environment,
    disclosure_types: project.status === 'archived' ? ['archived'] : [],
    author_id: author.userId === null ? null : encodeBase62(author.userId),
    organization: author.organizationName,
    organization_id: author.organizationId === null ? null : encodeBase62(author.organizationId),
  };
}

const absolute = (cdnUrl: string, path: string) => (path.startsWith('/') ? `${cdnUrl}${path}` : path);

/** A stored hit as the API returns it. */
export function toSearchHit(stored: ProjectResult, cdnUrl: string): ProjectResult {
  return {
    ...stored,
    icon_url: stored.icon_url ? absolute(cdnUrl, stored.icon_url) : '',
    gallery: stored.gallery.map((path) => absolute(cdnUrl, path)),
    featured_gallery: stored.featured_gallery === null ? null : absolute(cdnUrl, stored.featured_gallery),
  };
}

/**
 * Whether a serialized stored hit may hold a relative image path: some string value starts
 * with '/' (a quote inside a value is escaped, so `":"/` and `["/` only occur at a value's start).
 */
const mayHoldImagePath = (json: string) => json.includes('":"/') || json.includes('["/');

/** A serialized stored hit as the API returns it, serialized; only hits with images are taken apart. */
export function toSearchHitJson(stored: string, cdnUrl: string): string {
  return cdnUrl && mayHoldImagePath(stored) ? JSON.stringify(toSearchHit(JSON.parse(stored) as ProjectResult, cdnUrl)) : stored;
}

/** The v2 SearchResults, serialized (the stored hits are spliced in as they are). */
export function toSearchResultsJson(
  result: { hits: readonly string[]; total: number; facetCounts: FacetCounts },
  page: { offset: number; limit: number },
  cdnUrl: string,
): string {
  const hits = result.hits.map((hit) => toSearchHitJson(hit, cdnUrl)).join(',');
  const rest: Omit<SearchResults, 'hits'> = { offset: page.offset, limit: page.limit, total_hits: result.total, facet_counts: result.facetCounts };
  return `{"hits":[${hits}],${JSON.stringify(rest).slice(1)}`;
}
