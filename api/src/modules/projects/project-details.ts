import type { Executor } from '../../db/client.js';
import * as repo from './projects.repository.js';
import { listTranslationLanguages } from './project-translations.repository.js';
import type { ProjectRow, VersionAggregate } from './projects.repository.js';

/** Everything the v2 Project object is built from, loaded in a fixed number of queries. */
export interface ProjectDetails {
  row: ProjectRow;
  categories: string[];
  additionalCategories: string[];
  links: Array<{ platform: string; donation: boolean; url: string }>;
  gallery: Awaited<ReturnType<typeof repo.listGalleryImages>>;
  versions: VersionAggregate;
  threadId: number;
  licenseName: string | undefined;
  /** Languages of its translations, sorted (the original's not included). */
  translationLanguages: string[];
}

/** Loads projects by id, keeping the order of `ids` and skipping missing ones. */
export async function loadProjectDetails(db: Executor, ids: readonly number[]): Promise<ProjectDetails[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await repo.listProjectRows(db, unique);
  const [categories, links, gallery, aggregates, threads, licenses, translations] = await Promise.all([
    repo.listProjectCategories(db, unique),
    repo.listProjectLinks(db, unique),
    repo.listGalleryImages(db, unique),
    repo.listVersionAggregates(db, unique),
    repo.listThreadIds(db, unique),
    repo.listLicenseNames(db, [...new Set(rows.map((r) => r.licenseId))]),
    listTranslationLanguages(db, unique),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: ProjectDetails[] = [];
  for (const id of unique) {
    const row = byId.get(id);
    if (!row) continue;
    const own = categories.filter((c) => c.projectId === id);
    out.push({
      row,
      categories: own.filter((c) => !c.additional).map((c) => c.category),
      additionalCategories: own.filter((c) => c.additional).map((c) => c.category),
      links: links.filter((l) => l.projectId === id),
      gallery: gallery.filter((g) => g.projectId === id),
      versions: aggregates.find((a) => a.projectId === id) ?? {
        projectId: id,
        versionIds: [],
        loaders: [],
        gameVersions: [],
        environments: [],
        projectTypes: [],
        firstEnvironment: null,
      },
      threadId: threads.find((t) => t.projectId === id)?.threadId ?? 0,
      licenseName: licenses.find((l) => l.id === row.licenseId)?.name,
      translationLanguages: translations.filter((t) => t.projectId === id).map((t) => t.language),
    });
  }
  return out;
}
