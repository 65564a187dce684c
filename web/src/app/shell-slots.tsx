import type { ShellSlots } from '../components/layout/shell-slots';
import { EmailBanner } from '../components/layout/email-banner';
import { UserMenu } from '../components/layout/user-menu';

/**
 * Where features plug into the shell (see web/README.md, "Shell extension points").
 * - UserMenu: the account feature's menu (avatar, profile, settings, sign out), which falls back
 *   to <SignedOutActions variant={variant} /> for visitors.
 * - Banners: add each feature's banner component here, in display order; each renders a
 *   <Banner> when it applies and nothing otherwise.
 */
function AppBanners() {
  return (
    <>
      <EmailBanner />
    </>
  );
}

export const appShellSlots: ShellSlots = {
  UserMenu,
  Banners: AppBanners,
};
