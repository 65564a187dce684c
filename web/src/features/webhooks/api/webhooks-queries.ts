import { queryOptions } from '@tanstack/react-query';
import { listWebhookDeliveries, listWebhooks, type WebhookOwner } from './webhooks-api';

/** While a delivery is still being attempted, its log is asked again this often. */
export const PENDING_REFRESH_MS = 2_000;

export const webhookQueries = {
  all: () => ['webhooks'] as const,
  list: (owner: WebhookOwner) =>
    queryOptions({
      queryKey: ['webhooks', 'list', owner.kind, owner.id] as const,
      queryFn: ({ signal }) => listWebhooks(owner, signal),
    }),
  deliveries: (owner: WebhookOwner, hookId: string) =>
    queryOptions({
      queryKey: ['webhooks', 'deliveries', owner.kind, owner.id, hookId] as const,
      queryFn: ({ signal }) => listWebhookDeliveries(owner, hookId, signal),
      refetchInterval: (query) => (query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false),
    }),
};
