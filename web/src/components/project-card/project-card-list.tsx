import type { ReactNode } from 'react';
import type { ProjectCardData } from './card-data';
import { ProjectCard, type CardMode } from './project-card';

interface ProjectCardListProps {
  projects: readonly ProjectCardData[];
  mode: CardMode;
  headingLevel?: 2 | 3;
  /** How many cards at the top load their images eagerly. */
  eagerCount?: number;
  label?: string;
  /** A badge per card (e.g. the project's status on its owner's profile). */
  badgeFor?: (project: ProjectCardData) => ReactNode;
  /** An Element Timing name for the first card (see ProjectCard). */
  firstPaintMarker?: string;
}

/** Cards as a list (one per row), grid (columns) or gallery (columns with a picture on top). */
export function ProjectCardList({ projects, mode, headingLevel, eagerCount = 3, label, badgeFor, firstPaintMarker }: ProjectCardListProps) {
  return (
    <ul className={`project-list project-list--${mode}`} aria-label={label}>
      {projects.map((project, index) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            mode={mode}
            badge={badgeFor?.(project)}
            headingLevel={headingLevel}
            eager={index < eagerCount}
            paintMarker={index === 0 ? firstPaintMarker : undefined}
          />
        </li>
      ))}
    </ul>
  );
}
