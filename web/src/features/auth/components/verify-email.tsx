import { useEffect, useRef, useState } from 'react';
import { HttpError } from '../../../lib/api-client';
import { useLocation, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { AFTER_SIGN_IN_PATH, signInRedirectHref, useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useResendVerificationEmail, useVerifyEmail } from '../api/use-verify-email';
import { AuthCard } from '../../../components/layout/auth-card';

type Outcome = 'verifying' | 'verified' | 'already-verified' | 'failed';

/** Offers a new link: signed in, right here; as a visitor, after signing in (coming back here). */
function ResendOffer() {
  const t = useT();
  const location = useLocation();
  const notifications = useNotifications();
  const { user } = useCurrentUser();
  const resend = useResendVerificationEmail({
    onSuccess: () => notifications.add({ type: 'success', title: t('account.verify.resent'), text: user?.email ? t('account.verify.resentText', { email: user.email }) : undefined }),
    onError: (error) => notifications.addError(error),
  });
  if (user === undefined) return null;
  if (!user) {
    return (
      <>
        <p>{t('account.verify.signInToResend')}</p>
        <ButtonLink to={signInRedirectHref({ pathname: location.pathname, search: '' })} color="brand">
          {t('account.verify.signIn')}
        </ButtonLink>
      </>
    );
  }
  return (
    <Button color="brand" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
      {t('account.verify.resend')}
    </Button>
  );
}

/**
 * `/auth/verify-email?flow=…` from the verification email. Outcomes (spec §2): already
 * verified, verified now, or failed (expired, used, or sent to an address no longer on the
 * account) with a new link on offer. The route's loader has the current user ready.
 */
export function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const flow = params.get('flow');
  const { user } = useCurrentUser();
  // Judged on arrival: verifying below turns email_verified on.
  const [verifiedBefore] = useState(() => user?.email_verified === true);
  const started = useRef(false);

  const verify = useVerifyEmail();
  const { mutate } = verify;

  // The link is always tried: it may be for another account than the one signed in here.
  useEffect(() => {
    if (started.current || !flow) return;
    started.current = true;
    mutate(flow);
  }, [flow, mutate]);

  // A used or missing link is no failure for an address that is verified already.
  const unusable = !flow || verify.isError;
  const outcome: Outcome = verify.isSuccess ? 'verified' : unusable ? (verifiedBefore ? 'already-verified' : 'failed') : 'verifying';

  if (outcome === 'verifying') {
    return (
      <AuthCard title={t('account.verify.title')}>
        <p role="status">{t('account.verify.verifying')}</p>
      </AuthCard>
    );
  }
  if (outcome === 'failed') {
    return (
      <AuthCard title={t('account.verify.failedTitle')}>
        <FormAlert>{verify.error instanceof HttpError ? verify.error.description : t('account.verify.failedText')}</FormAlert>
        <ResendOffer />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={outcome === 'verified' ? t('account.verify.doneTitle') : t('account.verify.alreadyTitle')}>
      <FormAlert tone="success">{outcome === 'verified' ? t('account.verify.doneText') : t('account.verify.alreadyText')}</FormAlert>
      <ButtonLink to={user ? AFTER_SIGN_IN_PATH : paths.auth.signIn.getHref()} color="brand">
        {user ? t('account.verify.continue') : t('account.verify.signIn')}
      </ButtonLink>
    </AuthCard>
  );
}
