import type { Project } from '@cairn/shared/schemas/projects';

export const COLLECTION_SORTS = ['added', 'name', 'downloads', 'updated'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const isCollectionSort = (value: string | null): value is CollectionSort => COLLECTION_SORTS.includes(value as CollectionSort);

interface ViewOptions {
  /** Ids in the order they were added (the collection's `projects`). */
  order: readonly string[];
  query: string;
  sort: CollectionSort;
  type?: string;
}

/** The projects shown: of the tab's type, matching the search, in the chosen order. */
export function collectionView(projects: readonly Project[], { order, query, sort, type }: ViewOptions): Project[] {
  const needle = query.trim().toLowerCase();
  const position = new Map(order.map((id, index) => [id, index]));
  const shown = projects.filter(
    (p) => (!type || p.project_type === type) && (!needle || p.title.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)),
  );
  const compare: Record<CollectionSort, (a: Project, b: Project) => number> = {
    added: (a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
    name: (a, b) => a.title.localeCompare(b.title),
    downloads: (a, b) => b.downloads - a.downloads,
    updated: (a, b) => b.updated.localeCompare(a.updated),
  };
  return shown.sort(compare[sort]);
}

/** The project types present, in the order they first appear. */
export function typesIn(projects: readonly Project[]): string[] {
  return [...new Set(projects.map((p) => p.project_type))];
}
