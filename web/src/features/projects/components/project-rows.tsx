import { projectUrlType } from '@cairn/shared/constants/loaders';
import { isProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';

/** Rows of project chips (icon and title) that scroll sideways: a glimpse of the catalogue. */
export function ProjectRows({ projects, rows = 3, label }: { projects: readonly Project[]; rows?: number; label: string }) {
  const perRow = Math.ceil(projects.length / rows);
  const lines = Array.from({ length: rows }, (_, i) => projects.slice(i * perRow, (i + 1) * perRow)).filter((line) => line.length > 0);
  return (
    <div className="project-rows" role="group" aria-label={label}>
      {lines.map((line, index) => (
        <ul key={index} className={`project-rows__row project-rows__row--${index % 2 === 0 ? 'left' : 'right'}`}>
          {line.map((project) => {
            const type = projectUrlType(project.project_type, project.loaders);
            return (
              <li key={project.id}>
                <AppLink className="project-chip" to={paths.project.getHref(isProjectType(type) ? type : 'mod', project.slug)}>
                  <ProjectIcon url={project.icon_url} className="project-chip__icon" size={40} />
                  <span className="project-chip__text">
                    <span className="project-chip__title">{project.title}</span>
                    <span className="project-chip__summary">{project.description}</span>
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      ))}
    </div>
  );
}
