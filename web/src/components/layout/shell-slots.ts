import type { ComponentType } from 'react';

/**
 * What features plug into the shell. The app fills these in `app/shell-slots.tsx`; the layout only
 * renders them, so components/layout never imports a feature.
 */
export interface ShellSlots {
  /**
   * The account area: right end of the header (`variant="header"`) and the top of the mobile menu
   * (`variant="mobile"`). Signed out it shows "Sign in" and "Create an account".
   */
  UserMenu: ComponentType<{ variant: 'header' | 'mobile' }>;
  /**
   * Extra entries of the phone's bottom bar, between Discover and Menu (signed in: Notifications
   * and Dashboard); give each entry `itemClassName`, the bar's look. Nothing for visitors.
   */
  MobileBar?: ComponentType<{ itemClassName?: string }>;
  /** Banners above the page (email not verified, billing problem…); render <Banner>s or nothing. */
  Banners: ComponentType;
}
