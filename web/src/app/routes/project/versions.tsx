import { useSuspenseQuery } from '@tanstack/react-query';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectVersions } from '../../../features/projects/components/project-versions';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { UploadVersionCard } from '../../../features/version-editor/components/upload-version-card';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { canOnProject, projectPermissionsOf } from '../../../lib/project-permissions';
import { useProjectTagLists, useProjectTeams } from './shared';

export function Component() {
  const { project, type } = useProject();
  const { data: versions } = useSuspenseQuery(projectQueries.versions(project.id));
  const teams = useProjectTeams(project);
  const { gameVersions } = useProjectTagLists();
  const { user } = useCurrentUser();
  const canUpload = canOnProject(projectPermissionsOf(user, teams), 'UPLOAD_VERSION');
  return (
    <ProjectVersions
      project={project}
      type={type}
      versions={versions}
      gameVersionTags={gameVersions}
      header={canUpload ? <UploadVersionCard type={type} createHref={paths.projectVersion.getCreateHref(type, project.slug)} /> : undefined}
    />
  );
}
