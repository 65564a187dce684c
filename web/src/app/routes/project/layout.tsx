import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Outlet, replace, useNavigate, useSearchParams, type LoaderFunction, type ShouldRevalidateFunction } from 'react-router';
import { DebugJson } from '../../../components/debug/debug-json';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectLayout } from '../../../features/projects/components/project-layout';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { SavePopout } from '../../../features/collections/components/save-popout';
import { InstallOnServer } from '../../../features/server-modpack-install/components/install-on-server';
import { MemberHeader } from '../../../features/project-publishing/components/member-header';
import { CHECKLIST_STATUSES } from '../../../features/project-publishing/utils/checklist';
import { ProjectReviewChecks } from '../../../features/review-checks/components/project-review-checks';
import { useSubmissionPreChecks } from '../../../features/review-checks/components/submission-pre-checks';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import { canonicalProjectUrl } from '../../../features/projects/utils/canonical';
import { useCurrentUser } from '../../../lib/auth';
import { canOnProject, isTeamOrStaff, projectPermissionsOf } from '../../../lib/project-permissions';
import { ensureProjectPage, loadProject, useProjectTagLists, useProjectTeams } from './shared';
import { paths } from '../../../config/paths';
import { ensureMessageAreas } from '../../../lib/i18n/message-areas';
import { lazyComponent } from '../../../lib/lazy-component';
import { isStaff } from '../../../lib/staff-guard';

// The review checklist loads (with its text) only for staff opening a project with `?review=1`.
const ReviewPanel = lazyComponent(
  () => Promise.all([import('../../../features/moderation/components/review-panel'), ensureMessageAreas(['moderation'])]).then(([module]) => module.ReviewPanel),
  () => null,
);

function ProjectReview({ project, type }: { project: { id: string; slug: string; title: string }; type: ProjectType }) {
  const { user } = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  if (search.get('review') !== '1' || !isStaff(user?.role)) return null;
  const exit = () => {
    const next = new URLSearchParams(search);
    next.delete('review');
    setSearch(next, { replace: true });
  };
  return (
    <Suspense fallback={null}>
      <ReviewPanel
        project={project}
        onExit={exit}
        onDecided={() => void navigate(paths.moderation.review.getHref())}
        preChecks={<ProjectReviewChecks project={project} type={type} />}
      />
    </Suspense>
  );
}

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
    await ensureProjectPage(queryClient, project);
    return null;
  };

/** Tabs, filters and the download modal change the URL, not the project: no reload for those. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentParams.id !== nextParams.id || currentUrl.pathname.split('/')[1] !== nextUrl.pathname.split('/')[1] ? defaultShouldRevalidate : false;

export function Component() {
  const { project, type } = useProject();
  const teams = useProjectTeams(project);
  const { members, organization } = teams;
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const tags = useProjectTagLists();
  const { user } = useCurrentUser();
  const t = useT();
  const canEdit = canOnProject(projectPermissionsOf(user, teams), 'EDIT_DETAILS');
  // The submit step's pre-checks, for the team members who may submit (the checklist shows them).
  const isAcceptedMember = members.some((member) => member.user.id === user?.id && member.accepted);
  const preChecks = useSubmissionPreChecks(project, type, isAcceptedMember && canEdit && CHECKLIST_STATUSES.includes(project.status));
  return (
    <ProjectLayout
      project={project}
      type={type}
      members={members}
      versions={versions}
      tags={tags}
      showVersionsTab={isTeamOrStaff(user, teams)}
      showEmptyGallery={canEdit}
      ownerOrganization={organization && project.organization ? { name: organization.name, href: paths.organization.getHref(organization.slug), iconUrl: organization.icon_url } : undefined}
      headerActions={
        <>
          {type === 'modpack' && <InstallOnServer projectTitle={project.title} versions={versions.filter((v) => v.status === 'listed')} />}
          <SavePopout projectId={project.id} />
        </>
      }
      memberArea={<MemberHeader project={project} type={type} members={members} versionCount={versions.length} preChecks={preChecks} />}
    >
      <Outlet />
      <ProjectReview project={project} type={type} />
      <DebugJson label={t('project.debugInfo')} value={project} />
    </ProjectLayout>
  );
}
