import type { MarkdownRenderer } from '@cairn/shared/markdown/renderer';
import { encodeBase62 } from '../../lib/ids.js';
import type { AtomCategory, AtomEntry } from './atom-feed.js';
import type { FeedVersionRow } from './feeds.repository.js';

/** Public URLs the feeds link to: the website's pages and the API's own feed and tag lists. */
export interface FeedUrls {
  publicSiteUrl: string;
  publicApiUrl: string;
}

const encode = encodeURIComponent;

/**
 * Website pages by their permanent links (`web/src/config/paths.ts`): `/project/{id}` and its
 * versions redirect to the canonical URL, so links survive slug and type changes.
 */
export const sitePages = {
  project: (urls: FeedUrls, projectKey: string) => `${urls.publicSiteUrl}/project/${encode(projectKey)}`,
  version: (urls: FeedUrls, projectKey: string, versionKey: string) => `${urls.publicSiteUrl}/project/${encode(projectKey)}/version/${encode(versionKey)}`,
  user: (urls: FeedUrls, username: string) => `${urls.publicSiteUrl}/user/${encode(username)}`,
  collection: (urls: FeedUrls, collectionKey: string) => `${urls.publicSiteUrl}/collection/${encode(collectionKey)}`,
};

function versionCategories(urls: FeedUrls, row: FeedVersionRow): AtomCategory[] {
  return [
    ...row.loaders.map((loader) => ({ term: loader, scheme: `${urls.publicApiUrl}/v2/tag/loader`, label: loader })),
    ...row.gameVersions.map((gameVersion) => ({ term: gameVersion, scheme: `${urls.publicApiUrl}/v2/tag/game_version`, label: gameVersion })),
  ];
}

/** One release as an entry: "{project} {version number}", the changelog rendered and sanitised. */
export function toVersionEntry(urls: FeedUrls, markdown: MarkdownRenderer, row: FeedVersionRow): AtomEntry {
  const projectKey = encodeBase62(row.projectId);
  const url = sitePages.version(urls, projectKey, encodeBase62(row.id));
  const changelog = row.changelog.trim();
  return {
    // The version's permanent page: unique, and the same entry in every feed that shows it.
    id: url,
    title: `${row.projectTitle} ${row.versionNumber}`,
    updated: row.datePublished,
    published: row.datePublished,
    url,
    authors: [{ name: row.authorName, uri: sitePages.user(urls, row.authorName) }],
    categories: versionCategories(urls, row),
    summary: row.name === row.versionNumber ? undefined : row.name,
    ...(changelog ? { contentHtml: markdown.render(changelog), contentBase: `${urls.publicSiteUrl}/` } : {}),
  };
}

/** One search hit (the index's stored project) as an entry. */
export interface FeedSearchHit {
  project_id: string;
  title: string;
  description: string;
  author: string;
  categories: string[];
  date_created: string;
  date_modified: string;
}

export function toProjectEntry(urls: FeedUrls, hit: FeedSearchHit): AtomEntry {
  const url = sitePages.project(urls, hit.project_id);
  return {
    id: url,
    title: hit.title,
    updated: new Date(hit.date_modified),
    published: new Date(hit.date_created),
    url,
    // The author of an organization's project is the organization, so no user page is linked.
    authors: [{ name: hit.author }],
    // Search hits list categories and loaders together.
    categories: hit.categories.map((term) => ({ term })),
    summary: hit.description,
  };
}
