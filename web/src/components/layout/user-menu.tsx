import { Suspense } from 'react';
import { SignedOutActions } from './signed-out-actions';
import { useCurrentUser } from '../../lib/auth';
import { lazyComponent } from '../../lib/lazy-component';
import { cx } from '../../lib/class-names';
import styles from './account-actions.module.css';

type Variant = 'header' | 'mobile';

/** Holds the menu's space while it loads, so nothing flashes or shifts. */
function PendingMenu({ variant }: { variant: Variant }) {
  return <div className={cx(styles.actions, variant === 'mobile' && styles.mobile, styles.pending)} />;
}

// Visitors never download the signed-in menu.
const SignedInMenu = lazyComponent(() => import('./signed-in-menu').then((module) => module.SignedInMenu), PendingMenu);

/**
 * The account area of the shell (UserMenu slot): the signed-in user's avatar menu — profile,
 * settings, sign out — or "Sign in" / "Create an account" for visitors. Signing out keeps the
 * visitor on the page they were on (guarded pages send them to sign-in).
 */
export function UserMenu({ variant }: { variant: Variant }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PendingMenu variant={variant} />;
  if (!user) return <SignedOutActions variant={variant} />;
  return (
    <Suspense fallback={<PendingMenu variant={variant} />}>
      <SignedInMenu variant={variant} user={user} />
    </Suspense>
  );
}
