import { isProjectType, projectTypeFromSearchSegment, type ProjectType } from '@cairn/shared/constants/project-types';

/** The discover menu's order. */
export const DISCOVER_TYPES: readonly ProjectType[] = ['mod', 'resourcepack', 'datapack', 'shader', 'modpack', 'plugin'];

interface ActiveDiscoverType {
  type: ProjectType;
  /** primary on a search page, secondary on a project page. */
  emphasis: 'primary' | 'secondary';
}

/** Which project type the current page is about, for the discover menu's icon and highlight. */
export function activeDiscoverType(pathname: string, search = ''): ActiveDiscoverType | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const searchType = segments.length === 1 ? projectTypeFromSearchSegment(first) : undefined;
  if (searchType) return { type: searchType, emphasis: 'primary' };
  // A project opened from a server's content list (?sid=) belongs to that server, not to discovery.
  if (segments.length >= 2 && isProjectType(first) && !new URLSearchParams(search).has('sid')) {
    return { type: first, emphasis: 'secondary' };
  }
  return undefined;
}
