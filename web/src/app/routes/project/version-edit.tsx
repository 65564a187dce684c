import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { data, useParams, type LoaderFunction } from 'react-router';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { VersionEditorPage } from '../../../features/version-editor/components/version-editor-page';
import { VersionForm } from '../../../features/version-editor/components/version-form';
import { HttpError } from '../../../lib/api-client';
import { currentUserQuery, useCurrentUser } from '../../../lib/auth';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';
import { canOnProject, projectPermissionsOf } from '../../../lib/project-permissions';
import { ensureProjectTags, ensureProjectTeams, loadProject, useProjectTagLists, useProjectTeams } from './shared';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    if (!(await queryClient.ensureQueryData(currentUserQuery()))) return null;
    const project = await loadProject(queryClient, params.id ?? '');
    try {
      await Promise.all([
        queryClient.ensureQueryData(projectQueries.version(project.id, params.version ?? '')),
        ensureProjectTeams(queryClient, project),
        ensureProjectTags(queryClient),
      ]);
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) throw data({ notFound: 'version' }, { status: 404 });
      throw error;
    }
    return null;
  };

/** `/{type}/{id}/version/{version}/edit`: the version form over an existing version. */
export function Component() {
  const t = useT();
  const { project, type } = useProject();
  const param = useParams().version ?? '';
  const { data: version } = useSuspenseQuery(projectQueries.version(project.id, param));
  const teams = useProjectTeams(project);
  const { user } = useCurrentUser();
  const { loaders, gameVersions } = useProjectTagLists();
  const name = version.name || version.version_number;
  useHead({ title: `${t('versionEditor.editHeading', { name })} – ${project.title}`, noindex: true });
  return (
    <VersionEditorPage title={t('versionEditor.editHeading', { name })} allowed={canOnProject(projectPermissionsOf(user, teams), 'UPLOAD_VERSION')}>
      <VersionForm key={version.id} project={project} type={type} loaderTags={loaders} gameVersionTags={gameVersions} version={version} />
    </VersionEditorPage>
  );
}
