import type { NotificationAction } from '@cairn/shared/schemas/notifications';
import { useId } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useMarkRead, useNotificationAction } from '../api/use-notification-mutations';
import type { NotificationGroup } from '../utils/group-notifications';
import styles from './notifications.module.css';

/** One entry: the newest notification of its group, its actions, and "Mark as read" while unread. */
export function NotificationEntry({ group, headingLevel = 2 }: { group: NotificationGroup; headingLevel?: 2 | 3 }) {
  const t = useT();
  const titleId = useId();
  const toasts = useNotifications();
  const [head, ...rest] = group.items;
  const unreadIds = group.items.filter((n) => !n.read).map((n) => n.id);
  const markRead = useMarkRead({
    onSuccess: () => toasts.add({ type: 'success', title: t('creator.notifications.markedRead') }),
    onError: (error) => toasts.addError(error),
  });
  const act = useNotificationAction({
    onSuccess: (_data, run) => toasts.add({ type: 'success', title: actionDoneLabel(run.action), text: head?.title }),
    onError: (error) => toasts.addError(error),
  });
  if (!head) return null;

  function actionLabel(action: NotificationAction): string {
    if (action.title === 'Accept') return t('creator.notifications.accept');
    if (action.title === 'Deny') return t('creator.notifications.decline');
    return action.title;
  }
  function actionDoneLabel(action: NotificationAction): string {
    if (action.title === 'Accept') return t('creator.notifications.accepted');
    if (action.title === 'Deny') return t('creator.notifications.declined');
    return t('creator.notifications.actionDone');
  }

  const busy = markRead.isPending || act.isPending;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.entry} aria-labelledby={titleId} data-unread={unreadIds.length > 0 || undefined}>
      <div className={styles.body}>
        <Heading id={titleId} className={styles.entryTitle}>
          <AppLink to={head.link}>{head.title}</AppLink>
        </Heading>
        {head.text && <p className={styles.text}>{head.text}</p>}
        {rest.length > 0 && <p className={styles.muted}>{t('creator.notifications.more', { count: rest.length })}</p>}
        <RelativeTime date={head.created} className={styles.muted} />
      </div>
      <div className={styles.actions}>
        {!head.read &&
          head.actions.map((action, index) => (
            <Button
              key={action.title}
              size="small"
              color={index === 0 ? 'brand' : 'standard'}
              variant={index === 0 ? 'standard' : 'outlined'}
              disabled={busy}
              aria-describedby={titleId}
              onClick={() => act.mutate({ notification: head, action })}
            >
              {actionLabel(action)}
            </Button>
          ))}
        {unreadIds.length > 0 && (
          <Button size="small" variant="transparent" disabled={busy} aria-describedby={titleId} onClick={() => markRead.mutate(unreadIds)}>
            {t('creator.notifications.markRead')}
          </Button>
        )}
      </div>
    </article>
  );
}
