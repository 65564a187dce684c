import { collapseGameVersions } from '@cairn/shared/format/game-versions';
import type { ProjectType } from '@cairn/shared/constants/project-types';
import { loaderLabel } from '@cairn/shared/format/tag-labels';
import type { Project } from '@cairn/shared/schemas/projects';
import type { GameVersionTag } from '@cairn/shared/schemas/tags';
import type { Version } from '@cairn/shared/schemas/versions';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/pagination/pagination';
import { AppLink } from '../../../components/ui/app-link';
import { buttonClassName } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { RelativeTime } from '../../../components/ui/format';
import { DownloadIcon } from '../../../components/ui/icons';
import { Tooltip } from '../../../components/ui/tooltip';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useVersionFilter } from '../hooks/use-version-filter';
import { FILE_LINK_REFERRER_POLICY, primaryFile, releaseVersions, toggleValue, versionUrlEnding, VERSIONS_PER_PAGE } from '../utils/versions';
import { ChannelBadge } from './channel-badge';
import { VersionFilters } from './version-filters';
import styles from './project-versions.module.css';
import { EmptyState } from '../../../components/ui/empty-state';
import tagLinks from './tag-links.module.css';
import { useFormatters } from '../../../lib/use-formatters';

interface ProjectVersionsProps {
  project: Project;
  type: ProjectType;
  versions: readonly Version[];
  gameVersionTags: readonly GameVersionTag[];
  /** Shown above the filters, e.g. the upload card for members (composed by the page). */
  header?: ReactNode;
}

/** The Versions tab: filters with chips, a table of 20 per page (web-screens §2.4). */
export function ProjectVersions({ project, type, versions, gameVersionTags, header }: ProjectVersionsProps) {
  const t = useT();
  const { formatNumber, formatCompactNumber, formatBytes } = useFormatters();
  const [searchParams] = useSearchParams();
  const { filter, page, setFilter, setPage, filtered } = useVersionFilter(versions);
  const pageCount = Math.ceil(filtered.length / VERSIONS_PER_PAGE);
  const shown = filtered.slice((page - 1) * VERSIONS_PER_PAGE, page * VERSIONS_PER_PAGE);
  const releases = releaseVersions(gameVersionTags);
  // "Back to versions" on a version page returns to this list as filtered now.
  const back = searchParams.toString();

  return (
    <section className="project-versions" aria-label={t('project.tabs.versions')}>
      {header}
      {versions.length === 0 ? (
        <EmptyState>{t('project.versions.empty')}</EmptyState>
      ) : (
        <VersionFilters versions={versions} gameVersionTags={gameVersionTags} filter={filter} onChange={setFilter} showPlatforms={type !== 'resourcepack'} />
      )}
      {versions.length === 0 ? null : shown.length === 0 ? (
        <EmptyState>{t('project.versions.none')}</EmptyState>
      ) : (
        <DataTable
          className={styles.versionsTable}
          scroll={false}
          columns={[
            { key: 'channel', label: t('project.versions.channel'), hideLabel: true },
            { key: 'name', label: t('project.versions.name') },
            { key: 'gameVersions', label: t('project.versions.gameVersions') },
            { key: 'platforms', label: t('project.versions.platforms') },
            { key: 'published', label: t('project.versions.published') },
            { key: 'downloads', label: t('project.versions.downloads') },
            { key: 'actions', label: t('project.versions.actions'), hideLabel: true },
          ]}
        >
          {shown.map((version) => {
            const file = primaryFile(version);
            return (
              <tr key={version.id}>
                <td>
                  <button
                    type="button"
                    className={styles.badgeButton}
                    aria-pressed={filter.channels.includes(version.version_type)}
                    aria-label={t('project.versions.filterChannel', { channel: t(`project.channel.${version.version_type}`) })}
                    onClick={() => setFilter({ ...filter, channels: toggleValue(filter.channels, version.version_type) })}
                  >
                    <ChannelBadge channel={version.version_type} short />
                  </button>
                </td>
                <td className={styles.versionsTableName}>
                  <AppLink to={paths.projectVersion.getHref(type, project.slug, versionUrlEnding(version, versions), back ? { back } : undefined)}>
                    <strong>{version.version_number}</strong>
                  </AppLink>
                  <span>{version.name}</span>
                </td>
                <td>
                  {collapseGameVersions(version.game_versions, releases).join(', ')}
                </td>
                <td>
                  <ul className={tagLinks.chipList}>
                    {version.loaders.map((loader) => (
                      <li key={loader}>
                        <button
                          type="button"
                          className={tagLinks.tagLink}
                          aria-pressed={filter.loaders.includes(loader)}
                          onClick={() => setFilter({ ...filter, loaders: toggleValue(filter.loaders, loader) })}
                        >
                          {loaderLabel(loader)}
                        </button>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <RelativeTime date={version.date_published} />
                </td>
                <td title={formatNumber(version.downloads)}>{formatCompactNumber(version.downloads)}</td>
                <td>
                  {file && (
                    <Tooltip content={`${file.filename} (${formatBytes(file.size)})`}>
                      <a
                        href={file.url}
                        download={file.filename}
                        referrerPolicy={FILE_LINK_REFERRER_POLICY}
                        className={buttonClassName({ iconOnly: true, variant: 'transparent' })}
                        aria-label={t('project.download.file', { file: file.filename, size: formatBytes(file.size) })}
                      >
                        <DownloadIcon />
                      </a>
                    </Tooltip>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination page={page} pageCount={pageCount} onChange={setPage} label={t('project.versions.pages')} />
    </section>
  );
}
