import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, useLocation, useParams, type LoaderFunction } from 'react-router';
import { loadMarkdownRenderer } from '../../../components/markdown/markdown';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { resolveVersionParam, VersionPage } from '../../../features/projects/components/version-page';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { VersionMemberActions } from '../../../features/version-editor/components/version-member-actions';
import { CompareSelect } from '../../../features/version-diffs/components/compare-select';
import { versionUrlEnding } from '../../../features/projects/utils/versions';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth';
import { canOnProject, isTeamOrStaff, projectPermissionsOf } from '../../../lib/project-permissions';
import { VersionScanStatus } from '../../../features/malware/components/version-scan-status';
import { useHead } from '../../../lib/head';
import { loadProject, useProjectTagLists, useProjectTeams } from './shared';

const versionNotFound = () => data({ notFound: 'version' }, { status: 404 });

/**
 * `{version}` is an id, a version number (the display ending), or `latest` (the newest, narrowed
 * by `?loader=` and `?version=`). Versions the list does not hold (unlisted ones) are asked for
 * by id or number.
 */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params, request }) => {
    const project = await loadProject(queryClient, params.id ?? '');
    const versions = await queryClient.ensureQueryData(projectQueries.versions(project.id));
    const param = params.version ?? '';
    const listed = resolveVersionParam(param, versions, new URL(request.url).searchParams);
    if (!listed && param === 'latest') throw versionNotFound();
    try {
      await Promise.all([
        queryClient.ensureQueryData(projectQueries.version(project.id, listed?.id ?? param)),
        queryClient.ensureQueryData(projectQueries.dependencies(project.id)),
        loadMarkdownRenderer(),
      ]);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw versionNotFound();
      throw error;
    }
    return null;
  };

export function Component() {
  const { project, type } = useProject();
  const param = useParams().version ?? '';
  const { search } = useLocation();
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const listed = resolveVersionParam(param, versions, new URLSearchParams(search));
  const { data: version } = useSuspenseQuery(projectQueries.version(project.id, listed?.id ?? param));
  const { data: dependencies } = useSuspenseQuery(projectQueries.dependencies(project.id));
  const teams = useProjectTeams(project);
  const { members } = teams;
  const { gameVersions } = useProjectTagLists();
  const { user } = useCurrentUser();
  const permissions = projectPermissionsOf(user, teams);
  useHead({ title: `${version.name || version.version_number} – ${project.title}`, noindex: project.status !== 'approved' && project.status !== 'archived' });
  return (
    <VersionPage
      project={project}
      type={type}
      version={version}
      dependencies={dependencies}
      members={members}
      gameVersionTags={gameVersions}
      compare={
        <>
          {/* The malware scan: its verdict for the team and moderators, "scan pending" for everyone (docs/api/malware.md). */}
          <VersionScanStatus versionId={version.id} detailed={isTeamOrStaff(user, teams)} />
          <CompareSelect
            versions={versions}
            currentId={version.id}
            hrefFor={(other) => {
              const otherVersion = versions.find((v) => v.id === other);
              return paths.projectVersion.getCompareHref(type, project.slug, versionUrlEnding(version, versions), otherVersion ? versionUrlEnding(otherVersion, versions) : other);
            }}
          />
        </>
      }
      memberActions={
        <VersionMemberActions
          type={type}
          projectSlug={project.slug}
          version={version}
          canEdit={canOnProject(permissions, 'UPLOAD_VERSION')}
          canDelete={canOnProject(permissions, 'DELETE_VERSION')}
        />
      }
    />
  );
}
