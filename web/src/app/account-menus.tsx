import { USER_BADGES } from '@cairn/shared/constants/permissions';
import type { User } from '@cairn/shared/schemas/users';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../components/ui/app-link';
import { Avatar } from '../components/ui/avatar';
import { Button } from '../components/ui/button';
import { ChevronDownIcon, Icon } from '../components/ui/icons';
import { BoxIcon, DashboardIcon, SettingsIcon, SignOutIcon, UserIcon } from '../components/ui/page-icons';
import { MenuButton, type MenuItem } from '../components/ui/menu';
import { paths } from '../config/paths';
import { revenuePaths } from '../config/revenue-paths';
import { staffServerPaths } from '../config/staff-paths';
import { BellIcon } from '../features/notifications/components/notification-bell';
import { useUnreadCount } from '../features/notifications/hooks/use-unread-count';
import { serverPaths } from '../config/server-paths';
import { useSignOut } from '../lib/auth';
import { cx } from '../lib/class-names';
import { useT } from '../lib/i18n/i18n-provider';
import { useNotifications } from '../lib/notifications-provider';
import { useDeveloperMode, useFeatureFlags } from '../lib/preferences';
import { isStaff } from '../lib/staff-guard';
import { CreateMenu } from './create-menu';
import mobile from '../components/layout/mobile-nav.module.css';
import styles from './account-menus.module.css';

/*
 * The signed-in user's menus (loaded on demand, with the `menus` words, by app/shell-slots.tsx):
 * the avatar menu of the header and its list in the phone's menu, the staff menu of moderators and
 * admins, and the bottom bar's Notifications and Dashboard. Every unread count reads the query the
 * header's bell reads, so the badges cost no request of their own.
 */

// Drawn here so the shell's icon set stays small.
const PlusBadgeIcon = () => (
  <Icon>
    <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
  </Icon>
);
const BookmarkIcon = () => (
  <Icon>
    <path d="M6 3h12v18l-6-4-6 4z" />
  </Icon>
);
const ServerIcon = () => (
  <Icon>
    <rect x="3" y="4" width="18" height="7" rx="2" />
    <rect x="3" y="13" width="18" height="7" rx="2" />
    <path d="M7 7.5h.01M7 16.5h.01" />
  </Icon>
);
const FlagIcon = () => (
  <Icon>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Icon>
);
const UsersIcon = () => (
  <Icon>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" />
    <path d="M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.4c2 .8 3.5 2.8 3.5 5.6" />
  </Icon>
);
const CoinsIcon = () => (
  <Icon>
    <circle cx="12" cy="12" r="9" />
    <path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2" />
  </Icon>
);
const ChartIcon = () => (
  <Icon>
    <path d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-6" />
  </Icon>
);
const ShieldIcon = () => (
  <Icon>
    <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
  </Icon>
);
const ListIcon = () => (
  <Icon>
    <path d="M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01" />
  </Icon>
);
const ReportIcon = () => (
  <Icon>
    <path d="M4 21V4h12l-1.5 4L16 12H4" />
    <path d="M19 8v5M19 16h.01" />
  </Icon>
);
const SearchIcon = () => (
  <Icon>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </Icon>
);
const HistoryIcon = () => (
  <Icon>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </Icon>
);
const BellRingIcon = () => (
  <Icon>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0M12 8v3M12 14h.01" />
  </Icon>
);

const hasPlus = (user: User) => (user.badges & USER_BADGES.PLUS) !== 0;

const unreadNumber = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The unread count as a badge after a label: the number is drawn, "3 unread notifications" is what
 * assistive technology reads as part of the link's name ("Notifications 3 unread notifications").
 * Nothing when all is read.
 */
function UnreadBadge({ count, className }: { count: number; className?: string }) {
  const t = useT();
  if (count <= 0) return null;
  // The text spaces keep the words apart in the accessible name.
  return (
    <>
      {' '}
      <span className={cx(styles.badge, className)} aria-hidden="true">
        {unreadNumber(count)}
      </span>
      {' '}
      <span className="visually-hidden">{t('menus.unread', { count })}</span>
    </>
  );
}

function useDoSignOut() {
  const t = useT();
  const notifications = useNotifications();
  const signOut = useSignOut();
  const run = () =>
    signOut.mutate(undefined, {
      onSuccess: () => notifications.add({ type: 'success', title: t('shell.account.signedOut') }),
      onError: (error) => notifications.addError(error),
    });
  return { run, pending: signOut.isPending };
}

/**
 * The avatar menu (`variant="header"`): Profile, Upgrade to Cairn Plus (without Plus), Notifications
 * with the unread count, Saved projects, My servers, Feature flags (developer mode), Settings; the
 * dashboard's Projects, Organizations, Revenue, Analytics; Moderation (staff); Sign out. In the
 * phone's menu (`variant="mobile"`): the user, Profile, Create a project, Collections, Servers,
 * Moderation (staff), Feature flags (developer mode), Settings, Sign out — Notifications and
 * Dashboard are on the bottom bar there.
 */
export function AccountMenu({ variant, user }: { variant: 'header' | 'mobile'; user: User }) {
  const t = useT();
  const { pathname } = useLocation();
  const unread = useUnreadCount(user.id);
  const { enabled: developerMode } = useDeveloperMode();
  const { flags } = useFeatureFlags();
  const signOut = useDoSignOut();
  const staff = isStaff(user.role);

  if (variant === 'mobile') {
    const links: { key: string; to: string; label: string; icon: ReactNode; tone?: 'orange' }[] = [
      { key: 'profile', to: paths.user.getHref(user.username), label: t('shell.account.profile'), icon: <UserIcon /> },
      { key: 'collections', to: paths.dashboard.collections.getHref(), label: t('menus.mobile.collections'), icon: <BookmarkIcon /> },
      { key: 'servers', to: serverPaths.manage(), label: t('menus.mobile.servers'), icon: <ServerIcon /> },
      ...(staff ? [{ key: 'moderation', to: paths.moderation.getHref(), label: t('menus.account.moderation'), icon: <ShieldIcon />, tone: 'orange' as const }] : []),
      ...(developerMode ? [{ key: 'flags', to: paths.flags.getHref(), label: t('menus.account.flags'), icon: <FlagIcon /> }] : []),
      { key: 'settings', to: paths.settings.getHref(), label: t('shell.account.settings'), icon: <SettingsIcon /> },
    ];
    const [profile, ...rest] = links;
    const linkItem = (link: (typeof links)[number]) => (
      <li key={link.key}>
        <AppLink to={link.to} className={cx(mobile.link, link.tone && styles.orange)} aria-current={pathname === link.to ? 'page' : undefined}>
          {link.icon}
          <span>{link.label}</span>
        </AppLink>
      </li>
    );
    return (
      <div className={styles.mobile}>
        <p className={styles.who}>
          <Avatar src={user.avatar_url} name={user.username} size="small" />
          <span>{user.username}</span>
        </p>
        <ul className={mobile.list}>
          {profile && linkItem(profile)}
          <li>
            <CreateMenu variant="mobile" />
          </li>
          {rest.map(linkItem)}
          <li>
            <Button variant="transparent" color="red" className={cx(mobile.link, styles.signOut)} onClick={signOut.run} disabled={signOut.pending}>
              <SignOutIcon />
              <span>{t('shell.account.signOut')}</span>
            </Button>
          </li>
        </ul>
      </div>
    );
  }

  const showUpgrade = !hasPlus(user) && !flags.hidePlusPromoInUserMenu;
  const entries: (MenuItem & { to?: string; show?: boolean })[] = [
    { key: 'profile', label: t('shell.account.profile'), icon: <UserIcon />, to: paths.user.getHref(user.username) },
    { key: 'plus', label: t('menus.account.upgrade'), icon: <PlusBadgeIcon />, to: paths.plus.getHref(), tone: 'purple', show: showUpgrade },
    {
      key: 'notifications',
      label: (
        <>
          {t('menus.account.notifications')}
          <UnreadBadge count={unread} className={styles.menuBadge} />
        </>
      ),
      icon: <BellIcon />,
      to: paths.dashboard.notifications.getHref(),
    },
    { key: 'saved', label: t('menus.account.saved'), icon: <BookmarkIcon />, to: paths.dashboard.collections.getHref() },
    { key: 'servers', label: t('menus.account.servers'), icon: <ServerIcon />, to: serverPaths.manage() },
    { key: 'flags', label: t('menus.account.flags'), icon: <FlagIcon />, to: paths.flags.getHref(), show: developerMode },
    { key: 'settings', label: t('shell.account.settings'), icon: <SettingsIcon />, to: paths.settings.getHref() },
    { key: 'dashboard', label: t('shell.account.dashboard'), icon: <DashboardIcon />, to: paths.dashboard.getHref(), separatorBefore: true },
    { key: 'projects', label: t('shell.account.projects'), icon: <BoxIcon />, to: paths.dashboard.projects.getHref() },
    { key: 'organizations', label: t('menus.account.organizations'), icon: <UsersIcon />, to: paths.dashboard.organizations.getHref() },
    { key: 'revenue', label: t('menus.account.revenue'), icon: <CoinsIcon />, to: revenuePaths.getHref() },
    { key: 'analytics', label: t('menus.account.analytics'), icon: <ChartIcon />, to: paths.dashboard.analytics.getHref() },
    { key: 'moderation', label: t('menus.account.moderation'), icon: <ShieldIcon />, to: paths.moderation.getHref(), tone: 'orange', separatorBefore: true, show: staff },
    { key: 'sign-out', label: t('shell.account.signOut'), icon: <SignOutIcon />, tone: 'red', onSelect: signOut.run, separatorBefore: true },
  ];
  const items: MenuItem[] = entries
    .filter((entry) => entry.show !== false)
    .map(({ show: _show, ...item }) => ({ ...item, current: item.to !== undefined && pathname === item.to }));
  return (
    <MenuButton
      items={items}
      placement="bottom-end"
      triggerClassName={styles.trigger}
      menuClassName={styles.menu}
      label={t('shell.account.menu', { username: user.username })}
    >
      <Avatar src={user.avatar_url} name={user.username} size="small" />
      <span className={styles.name}>{user.username}</span>
      <ChevronDownIcon className={styles.chevron} />
    </MenuButton>
  );
}

/**
 * The header's staff menu, for moderators and admins only: the moderation pages; admins also get
 * the administration pages (account lookup, server notices, servers and nodes). Only pages that
 * exist are listed; their loaders turn everyone else away.
 */
export function StaffMenu({ user }: { user: User }) {
  const t = useT();
  const { pathname } = useLocation();
  if (!isStaff(user.role)) return null;
  const admin = isStaff(user.role, 'admin');
  const m = paths.moderation;
  const entries: (MenuItem & { to: string })[] = [
    { key: 'moderation', label: t('menus.staff.overview'), icon: <ShieldIcon />, to: m.getHref() },
    { key: 'review', label: t('menus.staff.review'), icon: <ListIcon />, to: m.review.getHref() },
    { key: 'reports', label: t('menus.staff.reports'), icon: <ReportIcon />, to: m.reports.getHref() },
    { key: 'log', label: t('menus.staff.log'), icon: <HistoryIcon />, to: m.log.getHref() },
    ...(admin
      ? [
          { key: 'user-email', label: t('menus.staff.userEmail'), icon: <SearchIcon />, to: paths.admin.userEmail.getHref(), separatorBefore: true },
          { key: 'server-notices', label: t('menus.staff.serverNotices'), icon: <BellRingIcon />, to: staffServerPaths.notices() },
          { key: 'servers', label: t('menus.staff.servers'), icon: <ServerIcon />, to: staffServerPaths.admin() },
        ]
      : []),
  ];
  const onStaffPage = entries.some((entry) => pathname === entry.to || (entry.key === 'reports' && pathname.startsWith('/moderation/report')));
  return (
    <MenuButton
      items={entries.map((entry) => ({ ...entry, current: pathname === entry.to }))}
      placement="bottom-end"
      triggerClassName={styles.staffTrigger}
      triggerData={{ 'data-active': onStaffPage ? '' : undefined }}
      label={t('menus.staff.label')}
    >
      <ShieldIcon />
      <span className={styles.staffText}>{t('menus.staff.short')}</span>
      <ChevronDownIcon className={styles.chevron} />
    </MenuButton>
  );
}

/**
 * The bottom bar's entries for signed-in users, between Discover and Menu: Notifications (with the
 * unread badge) and Dashboard. `itemClassName` is the bar's look for its entries.
 */
export function MobileBarItems({ user, itemClassName }: { user: User; itemClassName?: string }) {
  const t = useT();
  const { pathname } = useLocation();
  const unread = useUnreadCount(user.id);
  const notificationsHref = paths.dashboard.notifications.getHref();
  const dashboardHref = paths.dashboard.getHref();
  const inNotifications = pathname === notificationsHref || pathname.startsWith(`${notificationsHref}/`);
  const inDashboard = !inNotifications && pathname.startsWith(`${dashboardHref}/`);
  return (
    <>
      <AppLink
        to={notificationsHref}
        className={itemClassName}
        aria-current={pathname === notificationsHref ? 'page' : undefined}
        data-active={inNotifications ? '' : undefined}
      >
        {/* The number sits on the icon; its words follow the label, so the name reads "Notifications 3 unread notifications". */}
        <span className={styles.barIcon}>
          <BellIcon />
          {unread > 0 && (
            <span className={cx(styles.badge, styles.barBadge)} aria-hidden="true">
              {unreadNumber(unread)}
            </span>
          )}
        </span>
        <span>{t('menus.bar.notifications')}</span>
        {unread > 0 && (
          <>
            {' '}
            <span className="visually-hidden">{t('menus.unread', { count: unread })}</span>
          </>
        )}
      </AppLink>
      <AppLink
        to={dashboardHref}
        className={itemClassName}
        aria-current={pathname === dashboardHref ? 'page' : undefined}
        data-active={inDashboard ? '' : undefined}
      >
        <DashboardIcon />
        <span>{t('menus.bar.dashboard')}</span>
      </AppLink>
    </>
  );
}
