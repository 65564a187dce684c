import { PROJECT_TYPE_INFO } from '@cairn/shared/constants/project-types';
import type { Project } from '@cairn/shared/schemas/projects';
import { Suspense, useId, useMemo, useState, type ReactNode } from 'react';
import { ProjectIcon } from '../../../components/project-card/project-icon';
import { StatusBadge } from '../../../components/project-card/status-badge';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { DataTable, numericCell, type DataTableColumn } from '../../../components/ui/data-table';
import { SettingsIcon } from '../../../components/ui/page-icons';
import { OrganizationMark } from '../../../components/ui/organization-mark';
import { paths } from '../../../config/paths';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { lazyComponent } from '../../../lib/lazy-component';
import type { OrganizationRef } from '../api/dashboard-queries';
import { filterProjects, sortProjects, SORT_KEYS, type SortDirection, type SortKey } from '../utils/project-table';
import { urlTypeOf } from '../utils/url-type';
import styles from './dashboard.module.css';
import { useFormatters } from '../../../lib/use-formatters';

const EditLinksModal = lazyComponent(() => import('./edit-links-modal').then((module) => module.EditLinksModal), () => null);

const SORT_LABELS = {
  name: 'creator.projects.name',
  status: 'creator.projects.status',
  type: 'creator.projects.type',
  downloads: 'creator.projects.downloads',
  followers: 'creator.projects.followers',
} as const;

interface DashboardProjectsProps {
  projects: readonly Project[];
  /** The organizations owning some of the projects: their projects are marked with them. */
  organizations?: readonly OrganizationRef[];
  /** The page's "Create a project" button (project creation is its own feature). */
  createAction?: ReactNode;
}

/** The signed-in user's projects (those of his organizations too): sort, filter, select, and edit the links of the selection. */
export function DashboardProjects({ projects, organizations = [], createAction }: DashboardProjectsProps) {
  const t = useT();
  const { formatNumber, formatCompactNumber } = useFormatters();
  const organizationOf = (project: Project) => (project.organization === null ? undefined : organizations.find((o) => o.id === project.organization));
  const ids = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('all');
  const [sortKey, setSortKey] = useState<SortKey>('name');
  const [direction, setDirection] = useState<SortDirection>('ascending');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState(false);

  const statuses = useMemo(() => [...new Set(projects.map((project) => project.status))].sort(), [projects]);
  const shown = useMemo(() => sortProjects(filterProjects(projects, { query, status }), sortKey, direction), [projects, query, status, sortKey, direction]);
  // Only projects still listed count as selected (a filter may hide some).
  const chosen = shown.filter((project) => selected.has(project.id)).map((project) => project.id);
  const allChosen = shown.length > 0 && chosen.length === shown.length;

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(shown.map((project) => project.id)));
  const sortable = (key: SortKey, numeric = false): DataTableColumn => ({
    key,
    label: t(SORT_LABELS[key]),
    numeric,
    sorted: sortKey === key ? direction : undefined,
    onSort: () => {
      setDirection(sortKey === key && direction === 'ascending' ? 'descending' : 'ascending');
      setSortKey(key);
    },
  });

  return (
    <>
      <div className={styles.pageHeader}>
        <h1 className={styles.title}>{t('creator.projects.title')}</h1>
        {createAction}
      </div>
      {projects.length === 0 ? (
        <p className={styles.empty}>{t('creator.projects.empty')}</p>
      ) : (
        <>
          <div className={styles.toolbar}>
            <label className={styles.control}>
              <span>{t('creator.projects.filter')}</span>
              <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
            </label>
            <label className={styles.control}>
              <span>{t('creator.projects.statusFilter')}</span>
              <select value={status} onChange={(event) => setStatus(event.target.value)}>
                <option value="all">{t('creator.projects.allStatuses')}</option>
                {statuses.map((value) => (
                  <option key={value} value={value}>
                    {t(`project.status.${value}` as MessageId)}
                  </option>
                ))}
              </select>
            </label>
            <label className={styles.control}>
              <span>{t('creator.projects.sortBy')}</span>
              <select value={sortKey} onChange={(event) => setSortKey(event.target.value as SortKey)}>
                {SORT_KEYS.map((key) => (
                  <option key={key} value={key}>
                    {t(SORT_LABELS[key])}
                  </option>
                ))}
              </select>
            </label>
            <Button variant="outlined" onClick={() => setDirection(direction === 'ascending' ? 'descending' : 'ascending')}>
              <span aria-hidden="true">{direction === 'ascending' ? '↑' : '↓'}</span>
              <span>{t(direction === 'ascending' ? 'creator.projects.ascending' : 'creator.projects.descending')}</span>
            </Button>
            <Button color="brand" disabled={chosen.length === 0} onClick={() => setEditing(true)}>
              {t('creator.projects.editLinks', { count: chosen.length })}
            </Button>
          </div>
          <p className={styles.muted} role="status" id={`${ids}-count`}>
            {t('creator.projects.showing', { shown: shown.length, total: projects.length })}
          </p>
          <DataTable
            wrapperClassName={styles.tableWrap}
            aria-describedby={`${ids}-count`}
            caption={t('creator.projects.caption')}
            columns={[
              { key: 'select', label: <input type="checkbox" checked={allChosen} onChange={toggleAll} aria-label={t('creator.projects.selectAll')} /> },
              sortable('name'),
              sortable('status'),
              sortable('type'),
              sortable('downloads', true),
              sortable('followers', true),
              { key: 'settings', label: t('creator.projects.settings'), hideLabel: true },
            ]}
          >
            {shown.map((project) => {
              const type = urlTypeOf(project);
              const organization = organizationOf(project);
              return (
                <tr key={project.id}>
                  <td>
                    <input
                      type="checkbox"
                      checked={selected.has(project.id)}
                      onChange={() => toggle(project.id)}
                      aria-label={t('creator.projects.select', { title: project.title })}
                    />
                  </td>
                  <td>
                    <div className={styles.nameCell}>
                      <AppLink to={paths.project.getHref(type, project.slug)} className={styles.projectName}>
                        <ProjectIcon url={project.icon_url} size={32} className={styles.icon} />
                        <span>{project.title}</span>
                      </AppLink>
                      {organization && (
                        <AppLink to={paths.organization.getHref(organization.slug)} className={styles.organizationLink} aria-label={t('creator.projects.managedBy', { name: organization.name })}>
                          <OrganizationMark name={organization.name} iconUrl={organization.icon_url} />
                        </AppLink>
                      )}
                    </div>
                  </td>
                  <td>
                    <StatusBadge status={project.status} />
                  </td>
                  <td>{PROJECT_TYPE_INFO[type].singular}</td>
                  <td className={numericCell} title={formatNumber(project.downloads)}>
                    {formatCompactNumber(project.downloads)}
                  </td>
                  <td className={numericCell} title={formatNumber(project.followers)}>
                    {formatCompactNumber(project.followers)}
                  </td>
                  <td>
                    <AppLink to={paths.projectSettings.getHref(type, project.slug)} className={styles.settingsLink} aria-label={t('creator.projects.settingsOf', { title: project.title })}>
                      <SettingsIcon />
                    </AppLink>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </>
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditLinksModal ids={chosen} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </>
  );
}
