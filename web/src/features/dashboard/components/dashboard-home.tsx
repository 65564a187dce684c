import type { Project } from '@cairn/shared/schemas/projects';
import type { User } from '@cairn/shared/schemas/users';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { projectTotals } from '../utils/project-table';
import styles from './dashboard.module.css';
import { useFormatters } from '../../../lib/use-formatters';

/** Dashboard overview: who is signed in, and the totals of their projects (their organizations' included). */
export function DashboardHome({ user, projects }: { user: User; projects: readonly Project[] }) {
  const t = useT();
  const { formatNumber, formatCompactNumber } = useFormatters();
  const totals = projectTotals(projects);
  const managed = projects.filter((project) => project.organization !== null).length;
  const stats = [
    { key: 'downloads', label: t('creator.dashboard.downloads'), value: totals.downloads },
    { key: 'followers', label: t('creator.dashboard.followers'), value: totals.followers },
    { key: 'projects', label: t('creator.dashboard.projectCount'), value: totals.projects },
  ];
  return (
    <>
      <div className={styles.who}>
        <Avatar src={user.avatar_url} name={user.username} size="large" />
        <div>
          <h1 className={styles.title}>{user.username}</h1>
          <AppLink to={paths.user.getHref(user.username)}>{t('creator.dashboard.visitProfile')}</AppLink>
        </div>
      </div>
      <section className={styles.card} aria-labelledby="dashboard-analytics">
        <h2 id="dashboard-analytics" className={styles.cardTitle}>
          {t('creator.dashboard.analytics')}
        </h2>
        <dl className={styles.stats}>
          {stats.map((stat) => (
            <div key={stat.key} className={styles.stat}>
              <dt>{stat.label}</dt>
              <dd>
                <span className={styles.statValue} title={formatNumber(stat.value)}>
                  {formatCompactNumber(stat.value)}
                </span>
              </dd>
            </div>
          ))}
        </dl>
        <p className={styles.muted}>
          {t('creator.dashboard.fromProjects', { count: totals.projects })}
          {managed > 0 && ` · ${t('creator.dashboard.throughOrganizations', { count: managed })}`}
        </p>
        <ButtonLink to={paths.dashboard.projects.getHref()} variant="outlined">
          {t('creator.dashboard.manageProjects')}
        </ButtonLink>
      </section>
    </>
  );
}
