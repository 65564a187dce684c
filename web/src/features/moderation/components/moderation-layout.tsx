import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './moderation.module.css';

/** The staff area's navigation beside its page. */
export function ModerationLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) => cx(styles.navLink, isActive && styles.navLinkActive);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label={t('moderation.nav')}>
        <ul className={styles.navList}>
          <li>
            <NavLink end to={paths.moderation.getHref()} className={linkClass}>
              {t('moderation.nav.overview')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.moderation.review.getHref()} className={linkClass}>
              {t('moderation.nav.review')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.moderation.reports.getHref()} className={linkClass}>
              {t('moderation.nav.reports')}
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.moderation.log.getHref()} className={linkClass}>
              {t('moderation.nav.log')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className={styles.page}>{children}</div>
    </div>
  );
}
