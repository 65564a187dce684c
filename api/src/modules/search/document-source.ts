import { isSearchableProjectStatus } from '@cairn/shared/constants/project-status';
import type { Executor } from '../../db/client.js';
import { encodeBase62 } from '../../lib/ids.js';
import { listGalleryImages, listProjectCategories, listProjectRows, listTranslatedSummaries, toProject, type ProjectDetails } from '../projects/project-documents.port.js';
import { buildProjectDocuments, type SearchDocument, type VersionFacts } from './documents.js';
import { listTrendingDownloads } from '../versions/download-stats.port.js';
import * as repo from './search.repository.js';
import { toStoredHit } from './search.mapper.js';
import { versionSides } from './version-sides.js';

/** The license as search shows and filters it: the first SPDX token (`MIT` of `MIT OR Apache-2.0`). */
export function searchLicense(licenseId: string): string {
  const first = licenseId.trim().split(/\s+/)[0] ?? '';
  return first.replace(/^\(+|\)+$/g, '') || licenseId;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

/**
 * Reads the given projects from PostgreSQL (a fixed number of queries per call) and builds
 * their search documents. Projects that are missing or not searchable get none: the caller
 * removes whatever the index still holds for them.
 */
export async function loadSearchDocuments(
  db: Executor,
  projectIds: readonly number[],
  options: { gameVersionOrder?: Map<string, number> } = {},
): Promise<SearchDocument[]> {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return [];
  const rows = (await listProjectRows(db, ids)).filter((row) => isSearchableProjectStatus(row.status));
  const searchable = rows.map((row) => row.id);
  if (searchable.length === 0) return [];
  const [categoryRows, gallery, versionRows, authors, dependencies, trending, gameVersionOrder, licenseFacts, translatedSummaries] = await Promise.all([
    listProjectCategories(db, searchable),
    listGalleryImages(db, searchable),
    repo.listListedVersions(db, searchable),
    repo.listAuthors(db, searchable),
    repo.listDependencies(db, searchable),
    listTrendingDownloads(db, searchable),
    options.gameVersionOrder ?? repo.listGameVersionOrder(db),
    repo.listLicenseFacts(db, [...new Set(rows.flatMap((row) => [row.licenseId, searchLicense(row.licenseId)]))]),
    listTranslatedSummaries(db, searchable),
  ]);
  const categoriesOf = groupBy(categoryRows, (r) => r.projectId);
  const galleryOf = groupBy(gallery, (r) => r.projectId);
  const versionsOf = groupBy(versionRows, (r) => r.projectId);
  const dependenciesOf = groupBy(dependencies, (r) => r.projectId);
  const authorOf = new Map(authors.map((a) => [a.projectId, a]));
  const summariesOf = groupBy(translatedSummaries, (r) => r.projectId);
  const releaseOrder = (version: string) => gameVersionOrder.get(version) ?? Number.MAX_SAFE_INTEGER;

  return rows.flatMap((row) => {
    const categories = categoriesOf.get(row.id) ?? [];
    const versions = versionsOf.get(row.id) ?? [];
    const distinct = (values: Iterable<string>) => [...new Set(values)].sort();
    const details: ProjectDetails = {
      row,
      categories: categories.filter((c) => !c.additional).map((c) => c.category),
      additionalCategories: categories.filter((c) => c.additional).map((c) => c.category),
      links: [],
      gallery: galleryOf.get(row.id) ?? [],
      versions: {
        projectId: row.id,
        versionIds: versions.map((v) => v.id),
        loaders: distinct(versions.flatMap((v) => v.loaders)),
        gameVersions: distinct(versions.flatMap((v) => v.gameVersions)).sort((a, b) => releaseOrder(a) - releaseOrder(b) || a.localeCompare(b)),
        environments: distinct(versions.map((v) => v.environment)),
        projectTypes: distinct(versions.flatMap((v) => v.projectTypes)),
        firstEnvironment: versions[0]?.environment ?? null,
      },
      threadId: 0,
      licenseName: licenseFacts.get(row.licenseId.toLowerCase())?.name,
      translationLanguages: (summariesOf.get(row.id) ?? []).map((t) => t.language),
    };
    // Relative image paths: the search mapper adds the CDN URL when answering.
    const project = toProject(details, '');
    const declared = { client: row.clientSide, server: row.serverSide } as const;
    const facts: VersionFacts[] = versions.length
      ? versions.map((v) => {
          const sides = versionSides(v.projectTypes, v.environment, { client: declared.client as never, server: declared.server as never });
          return { loaders: v.loaders, gameVersions: v.gameVersions, projectTypes: v.projectTypes, environment: v.environment, clientSide: sides.client, serverSide: sides.server };
        })
      : // Without listed versions, the project still has a type and sides to filter on.
        [{ loaders: [], gameVersions: [], projectTypes: [row.declaredType], environment: project.environment[0] ?? 'unknown', clientSide: project.client_side, serverSide: project.server_side }];
    const license = searchLicense(row.licenseId);
    const author = authorOf.get(row.id) ?? { userId: null, username: null, organizationId: null, organizationName: null };
    const created = row.approved ?? row.published;
    const hit = toStoredHit({
      project,
      author,
      license,
      allProjectTypes: distinct(facts.flatMap((f) => f.projectTypes)),
      latestVersionId: versions.at(-1)?.id,
      created,
    });
    return buildProjectDocuments({
      id: project.id,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      translatedSummaries: (summariesOf.get(row.id) ?? []).map((t) => t.summary),
      author: hit.author,
      categories: categories.map((c) => c.category),
      license,
      openSource: licenseFacts.get(license.toLowerCase())?.osiApproved ?? false,
      downloads: row.downloads,
      follows: row.followers,
      trending: trending.get(row.id) ?? 0,
      created,
      modified: row.updated,
      disclosures: hit.disclosure_types,
      dependencies: (dependenciesOf.get(row.id) ?? []).flatMap((d) => {
        const id = encodeBase62(d.dependencyProjectId);
        return [id, `${d.type}:${id}`];
      }),
      versions: facts,
      hit,
    });
  });
}
