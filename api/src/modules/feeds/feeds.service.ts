import { createHash } from 'node:crypto';
import { PROJECT_TYPE_INFO, PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import type { SearchFeedQuery } from '@cairn/shared/schemas/feeds';
import type { MarkdownRenderer } from '@cairn/shared/markdown/renderer';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { encodeBase62, parseId } from '../../lib/ids.js';
import { appearsInFeeds, collectionHasFeed } from '../access/feed.policy.js';
import type { SearchService } from '../search/search.service.js';
import { writeAtomFeed, type AtomEntry, type AtomFeed } from './atom-feed.js';
import * as repo from './feeds.repository.js';
import { listNewestKnownBadFiles } from '../malware-scan/malware-feed.port.js';
import { sitePages, toProjectEntry, toVersionEntry, type FeedSearchHit, type FeedUrls } from './feeds.mapper.js';

/** How many entries a feed holds. */
export const FEED_LENGTH = 50;

/** A written feed with what conditional requests compare. */
export interface RenderedFeed {
  xml: string;
  /** Strong validator: a hash of the document. */
  etag: string;
  /** The feed's `updated`, for Last-Modified. */
  lastModified: Date;
}

export interface FeedsServiceDeps {
  db: Database;
  search: SearchService;
  urls: FeedUrls;
  markdown: MarkdownRenderer;
}

function render(feed: AtomFeed): RenderedFeed {
  const xml = writeAtomFeed(feed);
  return { xml, etag: `"${createHash('sha256').update(xml).digest('base64url')}"`, lastModified: feed.updated };
}

/** The newest `updated` among the entries, or `fallback` for an empty feed. */
function newest(entries: readonly AtomEntry[], fallback: Date): Date {
  return entries.reduce((latest, entry) => (entry.updated > latest ? entry.updated : latest), entries.length ? new Date(0) : fallback);
}

/** The website's search page a search feed mirrors: the project type its facets ask for (mods otherwise). */
function searchPageOf(urls: FeedUrls, query: SearchFeedQuery): string {
  const type = PROJECT_TYPES.find((t) => query.facets?.includes(`"project_type:${t}"`)) ?? 'mod';
  const q = query.query?.trim();
  return `${urls.publicSiteUrl}/${PROJECT_TYPE_INFO[type].searchSegment}${q ? `?q=${encodeURIComponent(q)}` : ''}`;
}

/**
 * Atom feeds of releases (per project, user and collection) and of a search's newest projects.
 * Public and anonymous: what they may show is `access/feed.policy.ts`.
 */
export function createFeedsService({ db, search, urls, markdown }: FeedsServiceDeps) {
  const feedUrl = (path: string) => `${urls.publicApiUrl}/v2${path}`;
  const versionEntries = async (scope: repo.VersionFeedScope) =>
    (await repo.listFeedVersions(db, scope, FEED_LENGTH)).map((row) => toVersionEntry(urls, markdown, row));

  return {
    /** The newest files the malware scan flagged (docs/api/malware.md): one entry per file, its hashes and findings. */
    async malwareFeed(): Promise<RenderedFeed> {
      const files = await listNewestKnownBadFiles(db, FEED_LENGTH);
      const selfUrl = feedUrl('/malware/feed.atom');
      const entries: AtomEntry[] = files.map((file) => ({
        id: `urn:sha512:${file.sha512}`,
        title: `${file.file_name} (${file.families.join(', ')})`,
        updated: new Date(file.flagged),
        published: new Date(file.flagged),
        url: `${urls.publicApiUrl}/v2/malware/flagged`,
        authors: [{ name: 'Cairn malware scan' }],
        categories: file.families.map((family) => ({ term: family })),
        summary: [
          `sha1 ${file.sha1}`,
          `sha512 ${file.sha512}`,
          `state ${file.state}`,
          ...file.findings.map((f) => `${f.rule} at ${f.path === '' ? 'the file itself' : f.path}: ${f.description}`),
        ].join('\n'),
      }));
      return render({
        id: selfUrl,
        title: 'Files flagged as malware',
        subtitle: 'Files of Cairn versions its malware scan flagged, newest first; look hashes up with POST /v2/malware/check.',
        updated: newest(entries, new Date(0)),
        selfUrl,
        alternateUrl: `${urls.publicApiUrl}/v2/malware/flagged`,
        authors: [{ name: 'Cairn malware scan' }],
        entries,
      });
    },

    async projectFeed(idOrSlug: string): Promise<RenderedFeed> {
      const project = await repo.findProjectByIdOrSlug(db, idOrSlug, parseId(idOrSlug));
      if (!project || !appearsInFeeds(project.status)) throw notFound('The project does not exist or has no public feed');
      const key = encodeBase62(project.id);
      const entries = await versionEntries({ projectId: project.id });
      const selfUrl = feedUrl(`/project/${key}/feed.atom`);
      return render({
        id: selfUrl,
        title: `${project.title} – releases`,
        subtitle: project.summary,
        updated: newest(entries, project.updated),
        selfUrl,
        alternateUrl: sitePages.project(urls, key),
        authors: [{ name: project.ownerName ?? project.title }],
        entries,
      });
    },

    async userFeed(idOrUsername: string): Promise<RenderedFeed> {
      const user = await repo.findUserByIdOrUsername(db, idOrUsername, parseId(idOrUsername));
      if (!user) throw notFound('No such user');
      const entries = await versionEntries({ memberId: user.id });
      const selfUrl = feedUrl(`/user/${encodeBase62(user.id)}/feed.atom`);
      const page = sitePages.user(urls, user.username);
      return render({
        id: selfUrl,
        title: `${user.username} – releases`,
        updated: newest(entries, user.created),
        selfUrl,
        alternateUrl: page,
        authors: [{ name: user.username, uri: page }],
        entries,
      });
    },

    async collectionFeed(idText: string): Promise<RenderedFeed> {
      const id = parseId(idText);
      const collection = id === undefined ? undefined : await repo.findCollection(db, id);
      if (!collection || !collectionHasFeed(collection, collection.projectCount)) throw notFound('The collection does not exist or is private');
      const key = encodeBase62(collection.id);
      const entries = await versionEntries({ collectionId: collection.id });
      const selfUrl = feedUrl(`/collection/${key}/feed.atom`);
      return render({
        id: selfUrl,
        title: `${collection.name} – releases`,
        subtitle: collection.description ?? undefined,
        updated: newest(entries, collection.updated),
        selfUrl,
        alternateUrl: sitePages.collection(urls, key),
        authors: [{ name: collection.curatorName, uri: sitePages.user(urls, collection.curatorName) }],
        entries,
      });
    },

    /** The newest projects matching a search (same filters and errors as `GET /v2/search`). */
    async searchFeed(query: SearchFeedQuery): Promise<RenderedFeed> {
      const params = { query: query.query, facets: query.facets, filters: query.filters, version: query.version };
      const hitsJson = await search.searchProjectsJson({ ...params, index: 'newest', offset: 0, limit: FEED_LENGTH }, (outcome) => `[${outcome.hits.join(',')}]`);
      const entries = (JSON.parse(hitsJson) as FeedSearchHit[]).map((hit) => toProjectEntry(urls, hit));
      const feedQuery = new URLSearchParams(Object.entries(params).filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== ''));
      const selfUrl = feedUrl(`/search/feed.atom${feedQuery.size ? `?${feedQuery}` : ''}`);
      const q = query.query?.trim();
      return render({
        id: selfUrl,
        title: q ? `Newest projects for “${q}”` : 'Newest projects',
        // An empty result has no date of its own; the epoch keeps the answer (and its ETag) stable.
        updated: newest(entries, new Date(0)),
        selfUrl,
        alternateUrl: searchPageOf(urls, query),
        authors: [{ name: 'Cairn', uri: `${urls.publicSiteUrl}/` }],
        entries,
      });
    },
  };
}

export type FeedsService = ReturnType<typeof createFeedsService>;
