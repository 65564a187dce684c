import { z } from 'zod';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { AFTER_SIGN_IN_PATH, safeRedirectPath, useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useNewsletterChoice } from '../api/use-sign-up';
import { AuthCard } from '../../../components/layout/auth-card';
import type { WelcomeState } from './sign-up';
import { useZodForm } from '../../../lib/use-zod-form';
import authCard from '../../../components/layout/auth-card.module.css';

const welcomeSchema = z.object({ newsletter: z.boolean() });
type WelcomeValues = z.infer<typeof welcomeSchema>;

/** After sign-up: a greeting, the verification email reminder and the newsletter choice. */
export function WelcomePage() {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const { user } = useCurrentUser();
  const [params] = useSearchParams();
  const state = useLocation().state as Partial<WelcomeState> | null;
  const next = safeRedirectPath(params.get('redirect')) ?? AFTER_SIGN_IN_PATH;
  // Defaults to what the sign-up form said; on after a third-party sign-up.
  const { register, handleSubmit } = useZodForm<WelcomeValues>(welcomeSchema, { newsletter: state?.newsletter ?? true });
  const email = state?.email ?? user?.email ?? undefined;

  const save = useNewsletterChoice({
    onSuccess: () => navigate(next, { replace: true }),
    onError: (error) => notifications.addError(error),
  });

  const submit = handleSubmit((values) => {
    if (user) save.mutate(values.newsletter);
    else void navigate(next, { replace: true });
  });

  return (
    <AuthCard title={t('account.welcome.title')}>
      <form className={authCard.form} onSubmit={(event) => void submit(event)}>
        <p>{t('account.welcome.intro')}</p>
        {email && user?.email_verified === false && <p>{t('account.welcome.verify', { email })}</p>}
        {user && <CheckboxField label={t('account.signUp.newsletter')} {...register('newsletter')} />}
        <Button type="submit" color="brand" className={authCard.submit} disabled={save.isPending}>
          {t('account.welcome.continue')}
        </Button>
      </form>
    </AuthCard>
  );
}
