import { Suspense, type ComponentType } from 'react';
import type { User } from '@cairn/shared/schemas/users';
import { SignedOutActions } from './signed-out-actions';
import { useCurrentUser } from '../../lib/auth';
import { cx } from '../../lib/class-names';
import styles from './account-actions.module.css';

type Variant = 'header' | 'mobile';

/** The signed-in user's menu, which the app supplies (app/account-menus.tsx, loaded on demand). */
export type SignedInMenu = ComponentType<{ variant: Variant; user: User }>;

/** Holds the menu's space while it loads, so nothing flashes or shifts. */
export function PendingMenu({ variant }: { variant: Variant }) {
  return <div className={cx(styles.actions, variant === 'mobile' && styles.mobile, styles.pending)} />;
}

/**
 * The account area of the shell (UserMenu slot): the signed-in user's menu (`signedIn`, given by
 * the app so visitors never download it) or "Sign in" / "Create an account" for visitors.
 * Signing out keeps the visitor on the page they were on (guarded pages send them to sign-in).
 */
export function UserMenu({ variant, signedIn: SignedIn }: { variant: Variant; signedIn: SignedInMenu }) {
  const { user, isPending } = useCurrentUser();
  if (isPending) return <PendingMenu variant={variant} />;
  if (!user) return <SignedOutActions variant={variant} />;
  return (
    <Suspense fallback={<PendingMenu variant={variant} />}>
      <SignedIn variant={variant} user={user} />
    </Suspense>
  );
}
