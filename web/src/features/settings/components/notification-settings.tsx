import { EMAIL_DIGEST_PERIODS, type EmailDigestPeriod } from '@cairn/shared/schemas/notification-settings';
import type { User } from '@cairn/shared/schemas/users';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RouterLink } from '../../../components/ui/app-link';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { StatusText } from '../../../components/ui/status-text';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { notificationSettingsQueries, useModifyNotificationSettings } from '../api/notification-settings';
import styles from './notification-settings.module.css';

/**
 * /settings/notifications: how often the email digest of followed projects' new versions comes
 * (off, daily or weekly). A choice is saved as soon as it is made, like the appearance settings.
 */
export function NotificationSettingsPage({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const { data: settings } = useSuspenseQuery(notificationSettingsQueries.detail(user.id));
  const save = useModifyNotificationSettings(user.id, {
    onSuccess: (saved) => notifications.add({ type: 'success', title: t(`account.notifications.saved.${saved.email_digest}`) }),
    onError: (error) => notifications.addError(error),
  });
  // While a choice is being saved it already shows as chosen.
  const chosen: EmailDigestPeriod = save.isPending && save.variables.email_digest ? save.variables.email_digest : settings.email_digest;
  const needsVerifiedEmail = chosen !== 'off' && !(user.email && user.email_verified);

  return (
    <>
      <SettingsPageHeader title={t('account.notifications.title')} lede={t('account.notifications.lede')} />
      <SettingsSection title={t('account.notifications.digest.title')} description={t('account.notifications.digest.text')}>
        <fieldset className={styles.choices}>
          <legend className={styles.legend}>{t('account.notifications.digest.legend')}</legend>
          {EMAIL_DIGEST_PERIODS.map((period) => (
            <label key={period} className={styles.option}>
              <input
                type="radio"
                name="email-digest"
                value={period}
                checked={chosen === period}
                // The label names the choice; its hint describes it (the whole <label> would make both the name).
                aria-labelledby={`email-digest-${period}-label`}
                aria-describedby={`email-digest-${period}-hint`}
                onChange={() => save.mutate({ email_digest: period })}
              />
              <span className={styles.text}>
                <span id={`email-digest-${period}-label`} className={styles.label}>
                  {t(`account.notifications.digest.${period}`)}
                </span>
                <span id={`email-digest-${period}-hint`} className={styles.hint}>
                  {t(`account.notifications.digest.${period}.hint`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        {needsVerifiedEmail && (
          <div className={styles.verify}>
            <StatusText tone="warn">{user.email ? t('account.notifications.digest.unverified') : t('account.notifications.digest.noEmail')}</StatusText>
            <RouterLink to={paths.settings.account.getHref()}>{t('account.notifications.digest.toAccount')}</RouterLink>
          </div>
        )}
      </SettingsSection>
    </>
  );
}
