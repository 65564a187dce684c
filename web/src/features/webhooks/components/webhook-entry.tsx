import type { Webhook } from '@cairn/shared/schemas/webhooks';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import type { WebhookOwner } from '../api/webhooks-api';
import { useDeleteWebhookMutation, useModifyWebhookMutation, usePingWebhookMutation, useRotateWebhookSecretMutation } from '../api/use-webhook-mutations';
import { WebhookDeliveries } from './webhook-deliveries';
import { EVENT_LABELS, FORMAT_LABELS } from './webhook-labels';
import styles from './webhooks.module.css';

interface WebhookEntryProps {
  owner: WebhookOwner;
  hook: Webhook;
  /** A new secret to show once (after "New secret"). */
  onSecret(hookUrl: string, secret: string): void;
}

/** One hook: where it sends, what, its state and last delivery, its actions and its log. */
export function WebhookEntry({ owner, hook, onSecret }: WebhookEntryProps) {
  const t = useT();
  const notifications = useNotifications();
  const headingId = useId();
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'rotate' | null>(null);
  const onError = (error: Error) => notifications.addError(error);
  const modify = useModifyWebhookMutation(owner, hook.id, {
    onSuccess: (_data, body) => notifications.add({ type: 'success', title: body.enabled ? t('webhooks.enabledNotice') : t('webhooks.disabledNotice') }),
    onError,
  });
  const ping = usePingWebhookMutation(owner, hook.id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('webhooks.pingSent') });
      setShowLog(true);
    },
    onError,
  });
  const rotate = useRotateWebhookSecretMutation(owner, hook.id, {
    onSuccess: ({ secret }) => {
      setConfirm(null);
      onSecret(hook.url, secret);
    },
    onError,
  });
  const remove = useDeleteWebhookMutation(owner, hook.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('webhooks.deleted') }),
    onError,
  });

  const state = hook.enabled ? t('webhooks.state.enabled') : hook.disabled_reason === 'failures' ? t('webhooks.state.disabledByFailures', { count: hook.consecutive_failures }) : t('webhooks.state.disabled');
  const busy = modify.isPending || ping.isPending || rotate.isPending || remove.isPending;

  return (
    <li className={styles.hook} aria-labelledby={headingId}>
      <div className={styles.hookHeader}>
        <h3 id={headingId} className={styles.url}>
          {hook.url}
        </h3>
        <span className={`${styles.state} ${hook.enabled ? '' : styles.failed}`}>{state}</span>
      </div>
      <p className={styles.meta}>
        {t(FORMAT_LABELS[hook.format])} · {hook.events.map((event) => t(EVENT_LABELS[event])).join(', ')}
      </p>
      <p className={styles.meta}>
        {hook.last_delivery ? (
          <>
            {hook.last_delivery.status === 'succeeded' ? t('webhooks.lastDelivery.succeeded') : t('webhooks.lastDelivery.failed')} <RelativeTime date={hook.last_delivery.at} />
          </>
        ) : (
          t('webhooks.lastDelivery.none')
        )}{' '}
        · {t('webhooks.counts', { delivered: hook.delivered_count, failed: hook.failed_count })}
      </p>
      <div className={styles.actions}>
        <Button size="small" disabled={busy} aria-describedby={headingId} onClick={() => ping.mutate()}>
          {t('webhooks.ping')}
        </Button>
        <Button size="small" variant="outlined" disabled={busy} aria-describedby={headingId} onClick={() => modify.mutate({ enabled: !hook.enabled })}>
          {hook.enabled ? t('webhooks.disable') : t('webhooks.enable')}
        </Button>
        <Button size="small" variant="outlined" disabled={busy} aria-describedby={headingId} onClick={() => setConfirm('rotate')}>
          {t('webhooks.rotate')}
        </Button>
        <Button size="small" variant="outlined" aria-expanded={showLog} aria-controls={showLog ? logId : undefined} aria-describedby={headingId} onClick={() => setShowLog((shown) => !shown)}>
          {showLog ? t('webhooks.hideDeliveries') : t('webhooks.showDeliveries')}
        </Button>
        <Button size="small" color="red" variant="outlined" disabled={busy} aria-describedby={headingId} onClick={() => setConfirm('delete')}>
          {t('webhooks.delete')}
        </Button>
      </div>
      {showLog && <WebhookDeliveries owner={owner} hookId={hook.id} id={logId} />}
      <ConfirmModal
        open={confirm === 'delete'}
        onClose={() => setConfirm(null)}
        title={t('webhooks.deleteTitle')}
        confirmLabel={t('webhooks.delete')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      >
        {t('webhooks.deleteBody', { url: hook.url })}
      </ConfirmModal>
      <ConfirmModal
        open={confirm === 'rotate'}
        onClose={() => setConfirm(null)}
        title={t('webhooks.rotateTitle')}
        confirmLabel={t('webhooks.rotate')}
        pending={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      >
        {t('webhooks.rotateBody')}
      </ConfirmModal>
    </li>
  );
}
