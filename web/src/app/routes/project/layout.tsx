import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { DebugJson } from '../../../components/debug/debug-json';
import { useT } from '../../../lib/i18n/i18n-provider';
import { Outlet, replace, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectLayout } from '../../../features/projects/components/project-layout';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { MemberHeader } from '../../../features/project-publishing/components/member-header';
import { canonicalProjectUrl } from '../../../features/projects/utils/canonical';
import { ensureProjectTags, loadProject, useProjectTagLists } from './shared';

/**
 * The project shell. A URL with the wrong type or the id instead of the slug is replaced by the
 * canonical one (the hash too, which only the first page load can see: `#download` links).
 */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    const project = await loadProject(queryClient, params.id ?? '');
    const url = new URL(request.url);
    const hash = url.pathname === window.location.pathname ? window.location.hash : '';
    const canonical = canonicalProjectUrl({ pathname: url.pathname, search: url.search, hash }, project);
    if (canonical) throw replace(canonical);
    await Promise.all([
      queryClient.ensureQueryData(projectQueries.members(project.id)),
      queryClient.ensureQueryData(projectQueries.versions(project.id)),
      ensureProjectTags(queryClient),
    ]);
    return null;
  };

/** Tabs, filters and the download modal change the URL, not the project: no reload for those. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentParams.id !== nextParams.id || currentUrl.pathname.split('/')[1] !== nextUrl.pathname.split('/')[1] ? defaultShouldRevalidate : false;

export function Component() {
  const { project, type } = useProject();
  const { data: members } = useSuspenseQuery(projectQueries.members(project.id));
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const tags = useProjectTagLists();
  const t = useT();
  return (
    <ProjectLayout
      project={project}
      type={type}
      members={members}
      versions={versions}
      tags={tags}
      memberArea={<MemberHeader project={project} type={type} members={members} versionCount={versions.length} />}
    >
      <Outlet />
      <DebugJson label={t('project.debugInfo')} value={project} />
    </ProjectLayout>
  );
}
