import type { User } from '@cairn/shared/schemas/users';
import { AppLink } from '../ui/app-link';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { BoxIcon, ChevronDownIcon, DashboardIcon, SettingsIcon, SignOutIcon, UserIcon } from '../ui/icons';
import { MenuButton, type MenuItem } from '../ui/menu';
import { paths } from '../../config/paths';
import { useSignOut } from '../../lib/auth';
import { useT } from '../../lib/i18n/i18n-provider';
import { useNotifications } from '../../lib/notifications-provider';
import { cx } from '../../lib/class-names';
import mobile from './mobile-nav.module.css';
import styles from './user-menu.module.css';

/** The signed-in user's menu: profile, settings, dashboard, sign out (loaded once someone is signed in). */
export function SignedInMenu({ variant, user }: { variant: 'header' | 'mobile'; user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const signOut = useSignOut();

  const doSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => notifications.add({ type: 'success', title: t('shell.account.signedOut') }),
      onError: (error) => notifications.addError(error),
    });

  if (variant === 'mobile') {
    return (
      <div className={styles.mobile}>
        <p className={styles.who}>
          <Avatar src={user.avatar_url} name={user.username} size="small" />
          <span>{user.username}</span>
        </p>
        <ul className={mobile.list}>
          <li>
            <AppLink to={paths.user.getHref(user.username)} className={mobile.link}>
              <UserIcon />
              <span>{t('shell.account.profile')}</span>
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.dashboard.getHref()} className={mobile.link}>
              <DashboardIcon />
              <span>{t('shell.account.dashboard')}</span>
            </AppLink>
          </li>
          <li>
            <AppLink to={paths.settings.getHref()} className={mobile.link}>
              <SettingsIcon />
              <span>{t('shell.account.settings')}</span>
            </AppLink>
          </li>
          <li>
            <Button variant="transparent" color="red" className={cx(mobile.link, styles.signOut)} onClick={doSignOut} disabled={signOut.isPending}>
              <SignOutIcon />
              <span>{t('shell.account.signOut')}</span>
            </Button>
          </li>
        </ul>
      </div>
    );
  }

  const items: MenuItem[] = [
    { key: 'profile', label: t('shell.account.profile'), icon: <UserIcon />, to: paths.user.getHref(user.username) },
    { key: 'settings', label: t('shell.account.settings'), icon: <SettingsIcon />, to: paths.settings.getHref() },
    { key: 'dashboard', label: t('shell.account.dashboard'), icon: <DashboardIcon />, to: paths.dashboard.getHref() },
    { key: 'projects', label: t('shell.account.projects'), icon: <BoxIcon />, to: paths.dashboard.projects.getHref() },
    { key: 'sign-out', label: t('shell.account.signOut'), icon: <SignOutIcon />, tone: 'red', onSelect: doSignOut },
  ];
  return (
    <MenuButton items={items} placement="bottom-end" triggerClassName={styles.trigger} label={t('shell.account.menu', { username: user.username })}>
      <Avatar src={user.avatar_url} name={user.username} size="small" />
      <span className={styles.name}>{user.username}</span>
      <ChevronDownIcon className={styles.chevron} />
    </MenuButton>
  );
}
