import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import './project-card.css';
import { useT } from '../../lib/i18n/i18n-provider';
import { AppLink } from '../ui/app-link';
import { CalendarIcon, HeartIcon } from '../ui/content-icons';
import { RelativeTime } from '../ui/format';
import { DownloadIcon } from '../ui/icons';
import { SvgIcon } from '../ui/svg-icon';
import type { ProjectCardData } from './card-data';
import { ProjectIcon } from './project-icon';
import { useFormatters } from '../../lib/use-formatters';

export type CardMode = 'list' | 'grid' | 'gallery';

interface ProjectCardProps {
  project: ProjectCardData;
  /** Shown next to the title, e.g. a <StatusBadge> for a project that is not simply public. */
  badge?: ReactNode;
  mode: CardMode;
  headingLevel?: 2 | 3;
  /** Cards at the top of the page load their images at once (they are likely the largest paint). */
  eager?: boolean;
  /** An Element Timing name for the summary's first paint (see types-element-timing.d.ts). */
  paintMarker?: string;
}

function colorOf(color: number | null | undefined): string | undefined {
  return color === null || color === undefined ? undefined : `#${color.toString(16).padStart(6, '0')}`;
}

/** One project in a list, grid or gallery (web-screens §3.1). The title is the card's one link. */
export function ProjectCard({ project, mode, badge, headingLevel = 2, eager = false, paintMarker }: ProjectCardProps) {
  const t = useT();
  const { formatCompactNumber } = useFormatters();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const loading = eager ? 'eager' : 'lazy';
  return (
    <article className={`project-card project-card--${mode}`}>
      {mode === 'gallery' && (
        <div className="project-card__media" style={{ backgroundColor: colorOf(project.color) }}>
          {project.image && <img src={project.image} alt="" loading={loading} decoding="async" />}
        </div>
      )}
      <ProjectIcon url={project.iconUrl} className="project-card__icon" loading={loading} />
      <div className="project-card__head">
        <Heading className="project-card__title">
          <AppLink to={project.href}>{project.title}</AppLink>
        </Heading>
        {project.author && (
          <span className="project-card__author">
            <FormattedMessage id="card.by" values={{ author: project.author.name, link: (text) => <AppLink to={project.author!.href}>{text}</AppLink> }} />
          </span>
        )}
        {badge}
      </div>
      <p className="project-card__summary" elementtiming={paintMarker}>
        {project.summary}
      </p>
      {(project.tags.length > 0 || project.environment) && (
        <ul className="project-card__tags" aria-label={t('card.tags')}>
          {project.environment && <li className="tag-chip tag-chip--environment">{t(`environment.${project.environment}`)}</li>}
          {project.tags.map((tag) => (
            <li key={tag.name} className="tag-chip">
              {tag.icon && <SvgIcon markup={tag.icon} className="tag-chip__icon" />}
              {tag.label}
            </li>
          ))}
        </ul>
      )}
      <div className="project-card__stats">
        <span className="project-card__stat" title={t('card.downloads', { count: project.downloads })}>
          <DownloadIcon />
          <FormattedMessage id="card.downloadsShort" values={{ count: formatCompactNumber(project.downloads), strong: (text) => <strong>{text}</strong> }} />
        </span>
        <span className="project-card__stat" title={t('card.followers', { count: project.followers })}>
          <HeartIcon />
          <FormattedMessage id="card.followersShort" values={{ count: formatCompactNumber(project.followers), strong: (text) => <strong>{text}</strong> }} />
        </span>
        <span className="project-card__stat project-card__date">
          <CalendarIcon />
          <FormattedMessage
            id={project.dateKind === 'published' ? 'card.published' : 'card.updated'}
            values={{ ago: <RelativeTime date={project.date} /> }}
          />
        </span>
      </div>
    </article>
  );
}
