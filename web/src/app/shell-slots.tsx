import { Suspense } from 'react';
import type { ShellSlots } from '../components/layout/shell-slots';
import { EmailBanner } from '../components/layout/email-banner';
import { UserMenu } from '../components/layout/user-menu';
import { useCurrentUser } from '../lib/auth';
import { lazyComponent } from '../lib/lazy-component';

// Visitors never download the creation menu or the notification bell.
const CreateMenu = lazyComponent(() => import('./create-menu').then((module) => module.CreateMenu), () => null);
// Signed-in users only: the billing banner and its words load after the page.
const BillingBanner = lazyComponent(() => import('./billing-banner-loader').then((module) => module.loadBillingBanner()), () => null);
const NotificationBell = lazyComponent(() => import('../features/notifications/components/notification-bell').then((module) => module.NotificationBell), () => null);

/**
 * The account area: the "Create" menu and the notification bell for signed-in users (header
 * only), then the account menu. In the mobile menu "Create a project" comes after the account's links.
 */
function AccountArea({ variant }: { variant: 'header' | 'mobile' }) {
  const { user } = useCurrentUser();
  return (
    <>
      {user && variant === 'header' && (
        <Suspense fallback={null}>
          <CreateMenu />
          <NotificationBell userId={user.id} />
        </Suspense>
      )}
      <UserMenu variant={variant} />
      {user && variant === 'mobile' && (
        <Suspense fallback={null}>
          <CreateMenu variant="mobile" />
        </Suspense>
      )}
    </>
  );
}

/**
 * Where features plug into the shell (see web/README.md, "Shell extension points").
 * - UserMenu: the "Create" menu (project creation) and the account feature's menu (avatar,
 *   profile, settings, sign out), which falls back to <SignedOutActions variant={variant} /> for
 *   visitors.
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
  Banners: AppBanners,
};
