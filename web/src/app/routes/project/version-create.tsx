import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LoaderFunction } from 'react-router';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { VersionEditorPage } from '../../../features/version-editor/components/version-editor-page';
import { VersionForm } from '../../../features/version-editor/components/version-form';
import { clearPendingVersionFile, peekPendingVersionFile } from '../../../features/version-editor/utils/pending-file';
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
    await Promise.all([ensureProjectTeams(queryClient, project), ensureProjectTags(queryClient)]);
    return null;
  };

/** `/{type}/{id}/version/create`: the upload form, opened empty or with the file picked on the versions page. */
export function Component() {
  const t = useT();
  const { project, type } = useProject();
  const teams = useProjectTeams(project);
  const { user } = useCurrentUser();
  const { loaders, gameVersions } = useProjectTagLists();
  const [initialFile] = useState(peekPendingVersionFile);
  useEffect(() => clearPendingVersionFile(), []);
  useHead({ title: `${t('versionEditor.createTitle')} – ${project.title}`, noindex: true });
  return (
    <VersionEditorPage title={t('versionEditor.createTitle')} allowed={canOnProject(projectPermissionsOf(user, teams), 'UPLOAD_VERSION')}>
      <VersionForm project={project} type={type} loaderTags={loaders} gameVersionTags={gameVersions} initialFile={initialFile} />
    </VersionEditorPage>
  );
}
