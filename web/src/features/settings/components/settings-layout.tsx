import { Outlet, useLocation } from 'react-router';
import { SideNavLayout, type SideNavGroup } from '../../../components/layout/side-nav-layout';
import { PaletteIcon, UserIcon } from '../../../components/ui/page-icons';
import { AppsIcon, CardIcon, CodeIcon, KeyIcon, LanguageIcon, MailIcon, MonitorIcon, ShieldIcon } from '../../../components/ui/settings-icons';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { signInRedirectHref, useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import styles from './settings-layout.module.css';

/**
 * /settings: the section list (web-screens §2.19) beside the chosen page. Display pages are open
 * to everyone; account and developer pages appear for signed-in users.
 */
export function SettingsLayout() {
  const t = useT();
  const location = useLocation();
  const { user } = useCurrentUser();
  const s = paths.settings;
  const groups: SideNavGroup[] = [
    {
      title: t('account.settings.group.display'),
      entries: [
        { href: s.getHref(), label: t('account.settings.appearance'), icon: <PaletteIcon /> },
        { href: s.language.getHref(), label: t('account.settings.language'), icon: <LanguageIcon /> },
      ],
    },
  ];
  if (user) {
    groups.push(
      {
        title: t('account.settings.group.account'),
        entries: [
          { href: s.profile.getHref(), label: t('account.settings.profile'), icon: <UserIcon /> },
          { href: s.account.getHref(), label: t('account.settings.account'), icon: <ShieldIcon /> },
          { href: s.notifications.getHref(), label: t('account.settings.notifications'), icon: <MailIcon /> },
          { href: s.authorizations.getHref(), label: t('account.settings.authorizations'), icon: <AppsIcon /> },
          { href: s.sessions.getHref(), label: t('account.settings.sessions'), icon: <MonitorIcon /> },
          { href: s.billing.getHref(), label: t('account.settings.billing'), icon: <CardIcon /> },
        ],
      },
      {
        title: t('account.settings.group.developer'),
        entries: [
          { href: s.pats.getHref(), label: t('account.settings.pats'), icon: <KeyIcon /> },
          { href: s.applications.getHref(), label: t('account.settings.applications'), icon: <CodeIcon /> },
        ],
      },
    );
  }
  const signInPrompt =
    user === null ? (
      <div className={styles.signIn}>
        <p className="narrow-visually-hidden">{t('account.settings.signInForMore')}</p>
        <ButtonLink to={signInRedirectHref(location)} color="brand" size="small">
          {t('account.settings.signIn')}
        </ButtonLink>
      </div>
    ) : undefined;
  return (
    <div className="page">
      <SideNavLayout label={t('account.settings.navLabel')} groups={groups} extra={signInPrompt}>
        <Outlet />
      </SideNavLayout>
    </div>
  );
}
