import {
  CreatedWebhookSchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookSecretSchema,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from '@cairn/shared/schemas/webhooks';
import { apiFetch } from '../../../lib/api-client';
import { NoContentSchema } from '../../../lib/no-content';

// The calls behind the Webhooks settings pages (operation ids in each comment, `Project` or
// `Organization` after the verb by the owner's kind).

/** Whose hooks: a project's or an organization's (by id). */
export interface WebhookOwner {
  kind: 'project' | 'organization';
  id: string;
}

const encode = encodeURIComponent;
const base = (owner: WebhookOwner) => `/v2/${owner.kind}/${encode(owner.id)}/webhooks`;

/** list{Project,Organization}Webhooks */
export const listWebhooks = (owner: WebhookOwner, signal?: AbortSignal) => apiFetch(base(owner), { schema: WebhookListSchema, signal });

/** create{Project,Organization}Webhook: the answer holds the signing secret, shown once. */
export const createWebhook = (owner: WebhookOwner, body: CreateWebhookBody) => apiFetch(base(owner), { method: 'POST', body, schema: CreatedWebhookSchema });

/** modify{Project,Organization}Webhook */
export const modifyWebhook = (owner: WebhookOwner, hookId: string, body: UpdateWebhookBody) =>
  apiFetch(`${base(owner)}/${encode(hookId)}`, { method: 'PATCH', body, schema: WebhookSchema });

/** delete{Project,Organization}Webhook */
export const deleteWebhook = (owner: WebhookOwner, hookId: string) => apiFetch(`${base(owner)}/${encode(hookId)}`, { method: 'DELETE', schema: NoContentSchema });

/** rotate{Project,Organization}WebhookSecret: the new secret, shown once. */
export const rotateWebhookSecret = (owner: WebhookOwner, hookId: string) =>
  apiFetch(`${base(owner)}/${encode(hookId)}/secret`, { method: 'POST', schema: WebhookSecretSchema });

/** ping{Project,Organization}Webhook */
export const pingWebhook = (owner: WebhookOwner, hookId: string) => apiFetch(`${base(owner)}/${encode(hookId)}/ping`, { method: 'POST', schema: WebhookDeliverySchema });

/** list{Project,Organization}WebhookDeliveries */
export const listWebhookDeliveries = (owner: WebhookOwner, hookId: string, signal?: AbortSignal) =>
  apiFetch(`${base(owner)}/${encode(hookId)}/deliveries`, { schema: WebhookDeliveryListSchema, signal });

/** resend{Project,Organization}WebhookDelivery */
export const resendWebhookDelivery = (owner: WebhookOwner, hookId: string, deliveryId: string) =>
  apiFetch(`${base(owner)}/${encode(hookId)}/deliveries/${encode(deliveryId)}/resend`, { method: 'POST', schema: WebhookDeliverySchema });
