import type { ShellSlots } from '../components/layout/shell-slots';
import { SignedOutActions } from '../components/layout/signed-out-actions';

/**
 * Where features plug into the shell (see web/README.md, "Shell extension points").
 * - UserMenu: the account feature swaps in its own component, which renders the signed-in menu
 *   and falls back to <SignedOutActions variant={variant} /> for visitors.
 * - Banners: add each feature's banner component here, in display order; each renders a
 *   <Banner> when it applies and nothing otherwise.
 */
function AppBanners() {
  return null;
}

export const appShellSlots: ShellSlots = {
  UserMenu: SignedOutActions,
  Banners: AppBanners,
};
