import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './dashboard.module.css';

/** The dashboard frame: its navigation (only the pages that exist so far) beside the page. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) => cx(styles.navLink, isActive && styles.navLinkActive);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('creator.dashboard.nav')}>
        <ul className={styles.navList}>
          <li>
            <NavLink end to={paths.dashboard.getHref()} className={linkClass}>
              {t('creator.dashboard.overview')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.dashboard.notifications.getHref()} className={linkClass}>
              {t('creator.notifications.nav')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.dashboard.reports.getHref()} className={linkClass}>
              {t('creator.dashboard.reports')}
            </NavLink>
          </li>
        </ul>
        <h2 className={styles.navHeading}>{t('creator.dashboard.manage')}</h2>
        <ul className={styles.navList}>
          <li>
            <NavLink to={paths.dashboard.projects.getHref()} className={linkClass}>
              {t('creator.dashboard.projects')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.dashboard.collections.getHref()} className={linkClass}>
              {t('creator.dashboard.collections')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className={styles.page}>{children}</div>
    </div>
  );
}
