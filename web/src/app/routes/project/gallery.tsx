import { GalleryItemActions } from '../../../features/gallery-management/components/gallery-item-actions';
import { GalleryUploader } from '../../../features/gallery-management/components/gallery-uploader';
import { ProjectGallery } from '../../../features/projects/components/project-gallery';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useCurrentUser } from '../../../lib/auth';
import { canOnProject, projectPermissionsOf, teamRowOf } from '../../../lib/project-permissions';
import { useProjectTeams } from './shared';

/**
 * The gallery for everyone; team members who may edit details (and moderators) also get the
 * edit buttons. Adding images is for the team and admins only, as the API decides it.
 */
export function Component() {
  const { project } = useProject();
  const teams = useProjectTeams(project);
  const { user } = useCurrentUser();
  const canEdit = canOnProject(projectPermissionsOf(user, teams), 'EDIT_DETAILS');
  const onTeam = teamRowOf(user, teams) !== undefined;
  const canUpload = canEdit && (onTeam || user?.role === 'admin');
  return (
    <ProjectGallery
      project={project}
      header={canUpload ? <GalleryUploader projectId={project.id} gallery={project.gallery} /> : undefined}
      renderActions={canEdit ? (image, title) => <GalleryItemActions projectId={project.id} image={image} label={title} /> : undefined}
    />
  );
}
