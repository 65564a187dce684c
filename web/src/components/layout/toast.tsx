import { useEffect, useRef, useState } from 'react';
import { cx } from '../../lib/class-names';
import { useT } from '../../lib/i18n/i18n-provider';
import { COPY_CONFIRMATION_MS, notificationCopyText, type AppNotification } from '../../lib/notifications';
import { useNotificationStore } from '../../lib/notifications-provider';
import { Button } from '../ui/button';
import { CloseIcon } from '../ui/icons';
import { CheckIcon, CopyIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '../ui/page-icons';
import { Tooltip } from '../ui/tooltip';
import styles from './toast.module.css';

const TYPE_ICONS = { error: ErrorIcon, warning: WarningIcon, success: SuccessIcon, info: InfoIcon };

/** One notification: its text, copy and dismiss buttons; hovering or focusing holds it. */
export function Toast({ notification }: { notification: AppNotification }) {
  const t = useT();
  const store = useNotificationStore();
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const Icon = TYPE_ICONS[notification.type];
  const errorCodeLine = (code: string) => t('notifications.errorCode', { code });

  const copy = async () => {
    await navigator.clipboard.writeText(notificationCopyText(notification, errorCodeLine));
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
  };

  const copyLabel = copied ? t('notifications.copied') : t('notifications.copy');
  return (
    <li
      className={cx(styles.toast, notification.type !== 'info' && styles[notification.type])}
      // Hovering (or focusing, for keyboard users) holds the toast; leaving starts its 30 s again.
      onPointerEnter={() => store.pause(notification.id)}
      onPointerLeave={() => store.resume(notification.id)}
      onFocus={() => store.pause(notification.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(notification.id);
      }}
    >
      <Icon className={styles.icon} />
      <div className={styles.body}>
        <div className={styles.header}>
          <p className={styles.title}>{notification.title}</p>
          {notification.count > 1 && (
            <span className={styles.count}>{t('notifications.count', { count: notification.count })}</span>
          )}
          <div className={styles.actions}>
            <Tooltip content={copyLabel}>
              <Button variant="transparent" size="small" iconOnly aria-label={copyLabel} onClick={() => void copy()}>
                {copied ? <CheckIcon /> : <CopyIcon />}
              </Button>
            </Tooltip>
            <Tooltip content={t('notifications.dismiss')}>
              <Button
                variant="transparent"
                size="small"
                iconOnly
                aria-label={t('notifications.dismiss')}
                onClick={() => store.dismiss(notification.id)}
              >
                <CloseIcon />
              </Button>
            </Tooltip>
          </div>
        </div>
        {notification.text && <p className={styles.text}>{notification.text}</p>}
        {notification.errorCode && <p className={styles.code}>{errorCodeLine(notification.errorCode)}</p>}
      </div>
    </li>
  );
}
