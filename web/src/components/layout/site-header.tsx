import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { useCosmetics } from '../../lib/preferences';
import { AppLink } from '../ui/app-link';
import { DownloadIcon } from '../ui/icons';
import { BrandLink } from './brand-link';
import { DiscoverMenu } from './discover-menu';
import type { ShellSlots } from './shell-slots';
import { ThemeToggle } from './theme-toggle';
import nav from './nav-button.module.css';
import styles from './site-header.module.css';

/** Desktop header: logo, discovery and product links, theme toggle and the account area. */
export function SiteHeader({ UserMenu }: Pick<ShellSlots, 'UserMenu'>) {
  const t = useT();
  const { cosmetics } = useCosmetics();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <BrandLink />
        <nav className={styles.nav} aria-label={t('shell.nav.label')}>
          <DiscoverMenu />
          {!cosmetics.hideAppPromos && (
            <AppLink to={paths.app.getHref()} className={nav.navButton}>
              <DownloadIcon />
              <span className={nav.wide}>{t('shell.nav.getApp')}</span>
              <span className={nav.narrow}>{t('shell.nav.app')}</span>
            </AppLink>
          )}
        </nav>
        <div className={styles.actions}>
          <ThemeToggle />
          <UserMenu variant="header" />
        </div>
      </div>
    </header>
  );
}
