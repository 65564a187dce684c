import type { Project } from '@cairn/shared/schemas/projects';

export const SORT_KEYS = ['name', 'status', 'type', 'downloads', 'followers'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';

/** Orders by the review pipeline, not by the alphabet: what needs attention first. */
const STATUS_ORDER = ['rejected', 'withheld', 'draft', 'processing', 'scheduled', 'approved', 'unlisted', 'private', 'archived', 'unknown'];

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: Project, b: Project, key: SortKey): number {
  switch (key) {
    case 'name':
      return collator.compare(a.title, b.title);
    case 'status':
      return STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status);
    case 'type':
      return collator.compare(a.project_type, b.project_type);
    case 'downloads':
      return a.downloads - b.downloads;
    case 'followers':
      return a.followers - b.followers;
  }
}

/** A sorted copy; ties keep name order so the list never shuffles. */
export function sortProjects(projects: readonly Project[], key: SortKey, direction: SortDirection): Project[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...projects].sort((a, b) => sign * compare(a, b, key) || collator.compare(a.title, b.title));
}

export interface ProjectFilter {
  /** Matched against the name and slug, case-insensitively. */
  query: string;
  /** A status, or "all". */
  status: string;
}

export function filterProjects(projects: readonly Project[], { query, status }: ProjectFilter): Project[] {
  const needle = query.trim().toLowerCase();
  return projects.filter(
    (project) =>
      (status === 'all' || project.status === status) &&
      (needle === '' || project.title.toLowerCase().includes(needle) || project.slug.toLowerCase().includes(needle)),
  );
}

export interface ProjectTotals {
  projects: number;
  downloads: number;
  followers: number;
}

export function projectTotals(projects: readonly Project[]): ProjectTotals {
  return projects.reduce<ProjectTotals>(
    (totals, project) => ({ projects: totals.projects + 1, downloads: totals.downloads + project.downloads, followers: totals.followers + project.followers }),
    { projects: 0, downloads: 0, followers: 0 },
  );
}
