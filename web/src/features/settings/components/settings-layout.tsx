import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { PaletteIcon, UserIcon } from '../../../components/ui/icons';
import { AppsIcon, CodeIcon, KeyIcon, LanguageIcon, MonitorIcon, ShieldIcon } from '../../../components/ui/settings-icons';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { signInRedirectHref, useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './settings-layout.module.css';

interface NavEntry {
  href: string;
  label: string;
  icon: ReactNode;
}

function NavGroup({ title, entries }: { title: string; entries: NavEntry[] }) {
  const { pathname } = useLocation();
  return (
    <div className={styles.group}>
      <h2 className={styles.heading}>{title}</h2>
      <ul className={styles.list}>
        {entries.map((entry) => {
          const current = pathname === entry.href;
          return (
            <li key={entry.href}>
              <AppLink to={entry.href} className={current ? `${styles.link} ${styles.current}` : styles.link} aria-current={current ? 'page' : undefined}>
                {entry.icon}
                <span>{entry.label}</span>
              </AppLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * /settings: the section list (web-screens §2.19) beside the chosen page. Display pages are open
 * to everyone; account and developer pages appear for signed-in users.
 */
export function SettingsLayout() {
  const t = useT();
  const location = useLocation();
  const { user } = useCurrentUser();
  const s = paths.settings;
  return (
    <div className={`page ${styles.layout}`}>
      <nav className={styles.nav} aria-label={t('account.settings.navLabel')}>
        <NavGroup
          title={t('account.settings.group.display')}
          entries={[
            { href: s.getHref(), label: t('account.settings.appearance'), icon: <PaletteIcon /> },
            { href: s.language.getHref(), label: t('account.settings.language'), icon: <LanguageIcon /> },
          ]}
        />
        {user ? (
          <>
            <NavGroup
              title={t('account.settings.group.account')}
              entries={[
                { href: s.profile.getHref(), label: t('account.settings.profile'), icon: <UserIcon /> },
                { href: s.account.getHref(), label: t('account.settings.account'), icon: <ShieldIcon /> },
                { href: s.authorizations.getHref(), label: t('account.settings.authorizations'), icon: <AppsIcon /> },
                { href: s.sessions.getHref(), label: t('account.settings.sessions'), icon: <MonitorIcon /> },
              ]}
            />
            <NavGroup
              title={t('account.settings.group.developer')}
              entries={[
                { href: s.pats.getHref(), label: t('account.settings.pats'), icon: <KeyIcon /> },
                { href: s.applications.getHref(), label: t('account.settings.applications'), icon: <CodeIcon /> },
              ]}
            />
          </>
        ) : (
          user === null && (
            <div className={`${styles.group} ${styles.signIn}`}>
              <p>{t('account.settings.signInForMore')}</p>
              <ButtonLink to={signInRedirectHref(location)} color="brand" size="small">
                {t('account.settings.signIn')}
              </ButtonLink>
            </div>
          )
        )}
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
