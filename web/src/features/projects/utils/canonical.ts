import { projectUrlType } from '@cairn/shared/constants/loaders';
import type { Project } from '@cairn/shared/schemas/projects';

/**
 * The canonical form of a project page URL: `/{url type}/{slug}/…` (spec §2: the URL type comes
 * from the loaders, a data pack loader first, then any plugin loader). Returns undefined when
 * `pathname` already is canonical; otherwise the path to replace it with, keeping the rest of
 * the path (tab, version) and the query string and hash.
 */
export function canonicalProjectUrl(
  location: { pathname: string; search?: string; hash?: string },
  project: Pick<Project, 'id' | 'slug' | 'project_type' | 'loaders'>,
): string | undefined {
  const [, type = '', id = '', ...rest] = location.pathname.split('/');
  const urlType = projectUrlType(project.project_type, project.loaders);
  const slug = project.slug || project.id;
  if (type === urlType && decodeURIComponent(id) === slug) return undefined;
  const tail = rest.length > 0 ? `/${rest.join('/')}` : '';
  return `/${urlType}/${encodeURIComponent(slug)}${tail}${location.search ?? ''}${location.hash ?? ''}`;
}
