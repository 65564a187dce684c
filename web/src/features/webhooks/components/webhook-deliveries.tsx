import type { WebhookDelivery } from '@cairn/shared/schemas/webhooks';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { DataTable, numericCell } from '../../../components/ui/data-table';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import type { WebhookOwner } from '../api/webhooks-api';
import { webhookQueries } from '../api/webhooks-queries';
import { useResendWebhookDeliveryMutation } from '../api/use-webhook-mutations';
import { EVENT_LABELS } from './webhook-labels';
import styles from './webhooks.module.css';

/** A hook's latest deliveries: event, outcome, latency, the answer's start, and "Send again". */
export function WebhookDeliveries({ owner, hookId, id }: { owner: WebhookOwner; hookId: string; id: string }) {
  const t = useT();
  const notifications = useNotifications();
  const deliveries = useQuery(webhookQueries.deliveries(owner, hookId));
  const resend = useResendWebhookDeliveryMutation(owner, hookId, {
    onSuccess: () => notifications.add({ type: 'success', title: t('webhooks.deliveries.resent') }),
    onError: (error) => notifications.addError(error),
  });

  const outcome = (delivery: WebhookDelivery) => {
    if (delivery.status === 'pending') return t('webhooks.deliveries.pending');
    const label = delivery.status === 'succeeded' ? t('webhooks.deliveries.succeeded') : t('webhooks.deliveries.failed');
    return delivery.status_code === null ? label : t('webhooks.deliveries.withStatus', { outcome: label, status: delivery.status_code });
  };

  return (
    <div id={id}>
      <DataTable
        caption={t('webhooks.deliveries.label')}
        density="compact"
        verticalAlign="top"
        empty={deliveries.isSuccess ? t('webhooks.deliveries.none') : undefined}
        columns={[
          { key: 'time', label: t('webhooks.deliveries.time') },
          { key: 'event', label: t('webhooks.deliveries.event') },
          { key: 'status', label: t('webhooks.deliveries.status') },
          { key: 'latency', label: t('webhooks.deliveries.latency'), numeric: true },
          { key: 'attempts', label: t('webhooks.deliveries.attempts'), numeric: true },
          { key: 'actions', label: t('webhooks.deliveries.actions'), hideLabel: true },
        ]}
      >
        {(deliveries.data ?? []).map((delivery) => (
          <tr key={delivery.id}>
            <td>
              <RelativeTime date={delivery.attempted ?? delivery.created} />
            </td>
            <td>{t(EVENT_LABELS[delivery.event])}</td>
            <td>
              <span className={delivery.status === 'failed' ? styles.failed : undefined}>{outcome(delivery)}</span>
              {delivery.error && <p className={styles.meta}>{delivery.error}</p>}
              {delivery.response_excerpt && (
                <details>
                  <summary>{t('webhooks.deliveries.response')}</summary>
                  <pre className={styles.excerpt}>{delivery.response_excerpt}</pre>
                </details>
              )}
            </td>
            <td className={numericCell}>{delivery.latency_ms === null ? '—' : t('webhooks.deliveries.milliseconds', { ms: delivery.latency_ms })}</td>
            <td className={numericCell}>{delivery.attempts}</td>
            <td>
              {delivery.status !== 'pending' && (
                <Button size="small" variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate(delivery.id)}>
                  {t('webhooks.deliveries.resend')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
