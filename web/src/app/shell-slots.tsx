import { Suspense } from 'react';
import type { ShellSlots } from '../components/layout/shell-slots';
import { EmailBanner } from '../components/layout/email-banner';
import { PendingMenu, UserMenu } from '../components/layout/user-menu';
import { useCurrentUser } from '../lib/auth';
import { lazyComponent } from '../lib/lazy-component';

// Visitors never download the creation menu, the notification bell or the signed-in menus.
const CreateMenu = lazyComponent(() => import('./create-menu').then((module) => module.CreateMenu), () => null);
const loadMenus = () => import('./account-menus-loader').then((module) => module.loadAccountMenus());
const AccountMenu = lazyComponent(() => loadMenus().then((module) => module.AccountMenu), PendingMenu);
const StaffMenu = lazyComponent(() => loadMenus().then((module) => module.StaffMenu), () => null);
const MobileBarItems = lazyComponent(() => loadMenus().then((module) => module.MobileBarItems), () => null);
// Signed-in users only: the billing banner and its words load after the page.
const BillingBanner = lazyComponent(() => import('./billing-banner-loader').then((module) => module.loadBillingBanner()), () => null);
const NotificationBell = lazyComponent(() => import('../features/notifications/components/notification-bell').then((module) => module.NotificationBell), () => null);

/**
 * The account area: for signed-in users the staff menu (moderators and admins), the "Create" menu
 * and the notification bell (header only), then the avatar menu. In the phone's menu the account's
 * list holds "Create a project" too (app/account-menus.tsx).
 */
function AccountArea({ variant }: { variant: 'header' | 'mobile' }) {
  const { user } = useCurrentUser();
  return (
    <>
      {user && variant === 'header' && (
        <Suspense fallback={null}>
          <StaffMenu user={user} />
          <CreateMenu />
          <NotificationBell userId={user.id} />
        </Suspense>
      )}
      <UserMenu variant={variant} signedIn={AccountMenu} />
    </>
  );
}

/** The bottom bar's Notifications (unread badge) and Dashboard, for signed-in users. */
function MobileBar({ itemClassName }: { itemClassName?: string }) {
  const { user } = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <MobileBarItems user={user} itemClassName={itemClassName} />
    </Suspense>
  );
}

/**
 * Where features plug into the shell (see web/README.md, "Shell extension points").
 * - UserMenu: the staff menu, the "Create" menu (project creation), the bell and the avatar menu
 *   (app/account-menus.tsx), which falls back to <SignedOutActions variant={variant} /> for
 *   visitors.
 * - MobileBar: the signed-in entries of the phone's bottom bar.
 * - Banners: add each feature's banner component here, in display order; each renders a
 *   <Banner> when it applies and nothing otherwise.
 */
function AppBanners() {
  const { user } = useCurrentUser();
  return (
    <>
      <EmailBanner />
      {user && (
        <Suspense fallback={null}>
          <BillingBanner />
        </Suspense>
      )}
    </>
  );
}

export const appShellSlots: ShellSlots = {
  UserMenu: AccountArea,
  MobileBar,
  Banners: AppBanners,
};
