import type { Webhook, WebhookDelivery, WebhookDeliveryEvent, WebhookDeliveryStatus, WebhookEvent, WebhookFormat } from '@cairn/shared/schemas/webhooks';
import { encodeBase62 } from '../../lib/ids.js';
import type { DeliveryRow, WebhookRow } from './webhooks.repository.js';

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: encodeBase62(row.id),
    project_id: row.projectId === null ? null : encodeBase62(row.projectId),
    organization_id: row.organizationId === null ? null : encodeBase62(row.organizationId),
    url: row.url,
    format: row.format as WebhookFormat,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason === 'failures' ? 'failures' : null,
    consecutive_failures: row.consecutiveFailures,
    delivered_count: row.deliveredCount,
    failed_count: row.failedCount,
    last_delivery:
      row.lastDeliveryAt && (row.lastDeliveryStatus === 'succeeded' || row.lastDeliveryStatus === 'failed')
        ? { status: row.lastDeliveryStatus, at: row.lastDeliveryAt.toISOString() }
        : null,
    created: row.created.toISOString(),
  };
}

export function toWebhookDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: encodeBase62(row.id),
    webhook_id: encodeBase62(row.webhookId),
    message_id: row.messageId,
    event: row.event as WebhookDeliveryEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    status_code: row.statusCode,
    error: row.error,
    latency_ms: row.latencyMs,
    response_excerpt: row.responseExcerpt,
    created: row.created.toISOString(),
    attempted: row.attempted?.toISOString() ?? null,
    resent_from: row.resentFrom === null ? null : encodeBase62(row.resentFrom),
  };
}
