import { ProjectGallery } from '../../../features/projects/components/project-gallery';
import { useProject } from '../../../features/projects/hooks/use-project-page';

export function Component() {
  const { project } = useProject();
  return <ProjectGallery project={project} />;
}
