import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { StatusBadge } from '../../../components/project-card/status-badge';
import { AppLink } from '../../../components/ui/app-link';
import { ButtonLink } from '../../../components/ui/button';
import { HeartIcon } from '../../../components/ui/content-icons';
import { DownloadIcon } from '../../../components/ui/icons';
import { SvgIcon } from '../../../components/ui/svg-icon';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { TagIndex } from '../../../components/project-card/card-data';
import { FollowButton } from './follow-button';
import { ProjectMenu } from './project-menu';
import styles from './project-header.module.css';
import tagLinks from './tag-links.module.css';
import { useFormatters } from '../../../lib/use-formatters';

interface ProjectHeaderProps {
  project: Project;
  type: ProjectType;
  tags: TagIndex;
  /** On a version page the Download button is neutral (the version has its own). */
  onVersionPage: boolean;
  /** Where the Download button opens the download modal (this page with `#download`). */
  downloadHref: string;
  /** Buttons composed by the page, after Follow (the Save popout). */
  extraActions?: ReactNode;
}

/** Icon, title, status, summary, counts, categories and the actions (web-screens §2.3). */
export function ProjectHeader({ project, type, tags, onVersionPage, downloadHref, extraActions }: ProjectHeaderProps) {
  const t = useT();
  const { formatNumber, formatCompactNumber } = useFormatters();
  return (
    <header className={styles.projectHeader}>
      <ProjectIcon url={project.icon_url} className={styles.projectHeaderIcon} loading="eager" />
      <div>
        <div className={styles.projectHeaderTitleRow}>
          <h1 className={styles.projectHeaderTitle} elementtiming="project-title">
            {project.title}
          </h1>
          {project.status !== 'approved' && <StatusBadge status={project.status} />}
        </div>
        <p className={styles.projectHeaderSummary}>{project.description}</p>
        <div className={styles.projectHeaderFacts}>
          <Tooltip content={t('card.downloads', { count: project.downloads })}>
            <span className={styles.projectHeaderStat}>
              <DownloadIcon />
              <FormattedMessage
                id="card.downloadsShort"
                values={{ count: formatCompactNumber(project.downloads), strong: (text) => <strong>{text}</strong> }}
              />
              <span className="visually-hidden">({formatNumber(project.downloads)})</span>
            </span>
          </Tooltip>
          <Tooltip content={t('card.followers', { count: project.followers })}>
            <span className={styles.projectHeaderStat}>
              <HeartIcon />
              <FormattedMessage
                id="card.followersShort"
                values={{ count: formatCompactNumber(project.followers), strong: (text) => <strong>{text}</strong> }}
              />
              <span className="visually-hidden">({formatNumber(project.followers)})</span>
            </span>
          </Tooltip>
          {project.categories.length > 0 && (
            <ul className={tagLinks.chipList} aria-label={t('project.categories')}>
              {project.categories.map((category) => (
                <li key={category}>
                  <AppLink className={tagLinks.tagLink} to={paths.search.getHref(type, { f: `categories:${category}` })}>
                    {tags.get(category)?.icon && <SvgIcon markup={tags.get(category)!.icon!} className="tag-chip__icon" />}
                    {tags.get(category)?.label ?? category}
                  </AppLink>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className={styles.projectHeaderActions}>
        <ButtonLink to={downloadHref} preventScrollReset size="large" color={onVersionPage ? 'standard' : 'brand'}>
          <DownloadIcon />
          {/* Icon-only on small screens; the label stays for assistive technology. */}
          <span className="small-visually-hidden">{t('project.download')}</span>
        </ButtonLink>
        <FollowButton project={project} />
        {extraActions}
        <ProjectMenu project={project} />
      </div>
    </header>
  );
}
