import type { User } from '@cairn/shared/schemas/users';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../ui/banner';
import { Button, ButtonLink } from '../ui/button';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n/i18n-provider';
import { useNotifications } from '../../lib/notifications-provider';
import { apiFetch } from '../../lib/api-client';
import { NoContentSchema } from '../../lib/no-content';

/** resendVerificationEmail, here rather than from the auth feature so the shell does not carry every auth schema. */
const resendVerificationEmail = () => apiFetch('/v2/auth/email/resend_verify', { method: 'POST', schema: NoContentSchema });

/** The "Account action required" banner with its action: add an email, or send the link again. */
export function EmailBannerContent({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onSuccess: () =>
      notifications.add({ type: 'success', title: t('shell.emailBanner.sent'), text: user.email ? t('shell.emailBanner.sentText', { email: user.email }) : undefined }),
    onError: (error) => notifications.addError(error),
  });
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
