import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../api/no-content';

/** resendVerificationEmail, here rather than from api/auth-api so the shell does not carry every auth schema. */
const resendVerificationEmail = () => apiFetch('/v2/auth/email/resend_verify', { method: 'POST', schema: NoContentSchema });

/** "Account action required" on every page while the signed-in user's email is not verified (or missing). */
export function EmailBanner() {
  const t = useT();
  const notifications = useNotifications();
  const { user } = useCurrentUser();
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: () =>
      notifications.add({ type: 'success', title: t('shell.emailBanner.sent'), text: user?.email ? t('shell.emailBanner.sentText', { email: user.email }) : undefined }),
    onError: (error) => notifications.addError(error),
  });
  if (!user || user.email_verified !== false) return null;
  if (!user.email) {
    return (
      <Banner
        tone="warning"
        title={t('shell.emailBanner.title')}
        actions={
          <ButtonLink to={paths.settings.account.getHref()} size="small" variant="outlined">
            {t('shell.emailBanner.addEmail')}
          </ButtonLink>
        }
      >
        {t('shell.emailBanner.noEmail')}
      </Banner>
    );
  }
  return (
    <Banner
      tone="warning"
      title={t('shell.emailBanner.title')}
      actions={
        <Button size="small" variant="outlined" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
          {resend.isSuccess ? t('shell.emailBanner.resent') : t('shell.emailBanner.resend')}
        </Button>
      }
    >
      {t('shell.emailBanner.unverified', { email: user.email })}
    </Banner>
  );
}
