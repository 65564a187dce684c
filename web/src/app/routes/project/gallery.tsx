import { useSuspenseQuery } from '@tanstack/react-query';
import { GalleryItemActions } from '../../../features/gallery-management/components/gallery-item-actions';
import { GalleryUploader } from '../../../features/gallery-management/components/gallery-uploader';
import { projectQueries } from '../../../features/projects/api/projects-queries';
import { ProjectGallery } from '../../../features/projects/components/project-gallery';
import { useProject } from '../../../features/projects/hooks/use-project-page';
import { useCurrentUser } from '../../../lib/auth';
import { canOnProject, projectPermissionsOf } from '../../../lib/project-permissions';

/**
 * The gallery for everyone; team members who may edit details (and moderators) also get the
 * edit buttons. Adding images is for the team and admins only, as the API decides it.
 */
export function Component() {
  const { project } = useProject();
  const { data: members } = useSuspenseQuery(projectQueries.members(project.id));
  const { user } = useCurrentUser();
  const canEdit = canOnProject(projectPermissionsOf(user, members), 'EDIT_DETAILS');
  const onTeam = members.some((member) => member.user.id === user?.id && member.accepted);
  const canUpload = canEdit && (onTeam || user?.role === 'admin');
  return (
    <ProjectGallery
      project={project}
      header={canUpload ? <GalleryUploader projectId={project.id} gallery={project.gallery} /> : undefined}
      renderActions={canEdit ? (image, title) => <GalleryItemActions projectId={project.id} image={image} label={title} /> : undefined}
    />
  );
}
