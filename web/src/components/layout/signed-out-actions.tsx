import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { ButtonLink } from '../ui/button';
import { cx } from '../../lib/class-names';
import styles from './account-actions.module.css';

/**
 * The account area for visitors: "Sign in" (coming back here afterwards) and "Create an account".
 * The signed-in menu replaces it through the UserMenu shell slot.
 */
export function SignedOutActions({ variant }: { variant: 'header' | 'mobile' }) {
  const t = useT();
  const { pathname, search } = useLocation();
  const here = `${pathname}${search}`;
  const redirect = pathname.startsWith('/auth/') ? undefined : here === '/' ? undefined : here;
  return (
    <div className={cx(styles.actions, variant === 'mobile' && styles.mobile)}>
      <ButtonLink to={paths.auth.signIn.getHref(redirect)} color="brand">
        {t('shell.account.signIn')}
      </ButtonLink>
      <ButtonLink to={paths.auth.signUp.getHref()} variant="outlined">
        {t('shell.account.signUp')}
      </ButtonLink>
    </div>
  );
}
