import type { ProjectType } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import type { Version } from '@cairn/shared/schemas/versions';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Markdown } from '../../../components/markdown/markdown';
import { Pagination } from '../../../components/pagination/pagination';
import { AppLink } from '../../../components/ui/app-link';
import { buttonClassName } from '../../../components/ui/button';
import { DownloadIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectQueries } from '../api/projects-queries';
import { useVersionFilter } from '../hooks/use-version-filter';
import { FILE_LINK_REFERRER_POLICY, primaryFile, versionUrlEnding, VERSIONS_PER_PAGE } from '../utils/versions';
import { VersionFilters } from './version-filters';
import { cx } from '../../../lib/class-names';
import styles from './project-changelog.module.css';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFormatters } from '../../../lib/use-formatters';

interface ProjectChangelogProps {
  project: Project;
  type: ProjectType;
  versions: readonly Version[];
  members: readonly TeamMember[];
  gameVersionTags: readonly GameVersionTag[];
}

/** The Changelog tab: a timeline of versions with their changelogs, 20 per page. */
export function ProjectChangelog({ project, type, versions, members, gameVersionTags }: ProjectChangelogProps) {
  const t = useT();
  const { formatDate, formatBytes } = useFormatters();
  const { filter, page, setFilter, setPage, filtered } = useVersionFilter(versions);
  const pageCount = Math.ceil(filtered.length / VERSIONS_PER_PAGE);
  const shown = filtered.slice((page - 1) * VERSIONS_PER_PAGE, page * VERSIONS_PER_PAGE);
  // The list comes without changelogs; this page's versions are fetched in full.
  const { data: full } = useQuery({ ...projectQueries.versionsByIds(shown.map((v) => v.id)), enabled: shown.length > 0 });
  const changelogs = new Map(full?.map((v) => [v.id, v.changelog ?? '']));
  const authors = new Map(members.map((m) => [m.user.id, m.user.username]));

  return (
    <section className="project-changelog" aria-label={t('project.tabs.changelog')}>
      <VersionFilters versions={versions} gameVersionTags={gameVersionTags} filter={filter} onChange={setFilter} showPlatforms={type !== 'resourcepack'} />
      {shown.length === 0 ? (
        <EmptyState>{t('project.versions.none')}</EmptyState>
      ) : (
        <ol className={styles.timeline}>
          {shown.map((version, index) => {
            const changelog = changelogs.get(version.id);
            const older = shown[index + 1];
            // The same text as the version before it: said once.
            const duplicate = changelog !== undefined && older !== undefined && changelog !== '' && changelog === changelogs.get(older.id);
            const author = authors.get(version.author_id);
            const file = primaryFile(version);
            return (
              <li key={version.id} className={cx(styles.timelineItem, version.version_type === 'beta' && styles.timelineItemBeta, version.version_type === 'alpha' && styles.timelineItemAlpha)}>
                <div className={styles.timelineHead}>
                  <h2 className={styles.timelineTitle}>
                    <AppLink to={paths.projectVersion.getHref(type, project.slug, versionUrlEnding(version, versions))}>{version.name || version.version_number}</AppLink>
                  </h2>
                  <span className={styles.timelineMeta}>
                    {author && (
                      <FormattedMessage id="project.changelog.by" values={{ author, link: (text) => <AppLink to={paths.user.getHref(author)}>{text}</AppLink> }} />
                    )}{' '}
                    {t('project.changelog.on', { date: formatDate(version.date_published) })}
                  </span>
                  {file && (
                    <a href={file.url} download={file.filename} referrerPolicy={FILE_LINK_REFERRER_POLICY} className={buttonClassName({ size: 'small' }, styles.timelineDownload)} aria-label={t('project.download.file', { file: file.filename, size: formatBytes(file.size) })}>
                      <DownloadIcon />
                      {t('project.download.button')}
                    </a>
                  )}
                </div>
                {!duplicate && changelog !== undefined && (
                  <Suspense fallback={null}>
                    {changelog ? <Markdown source={changelog} className={styles.timelineBody} /> : <EmptyState className={styles.timelineBody}>{t('project.version.noChangelog')}</EmptyState>}
                  </Suspense>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('project.versions.pages')} />
    </section>
  );
}
