import { z } from 'zod';
import { Base62IdSchema } from './common.js';

/**
 * Release webhooks of projects and organizations (docs/api/webhooks.md): what a team subscribes
 * to, the hooks as the API answers them, and the log of their deliveries.
 */

/** What a hook may subscribe to. */
export const WEBHOOK_EVENTS = ['version.published', 'version.edited', 'version.deleted', 'project.status_changed', 'gallery.image_added'] as const;
export const WebhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof WebhookEventSchema>;

/** A delivery's event: a subscribed one, or the test `ping` a team sends by hand. */
export const WebhookDeliveryEventSchema = z.enum([...WEBHOOK_EVENTS, 'ping']);
export type WebhookDeliveryEvent = z.infer<typeof WebhookDeliveryEventSchema>;

/** `generic`: signed JSON (Standard Webhooks); `discord`: a Discord embed message. */
export const WEBHOOK_FORMATS = ['generic', 'discord'] as const;
export const WebhookFormatSchema = z.enum(WEBHOOK_FORMATS);
export type WebhookFormat = z.infer<typeof WebhookFormatSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** Longest destination URL accepted. */
export const WEBHOOK_URL_MAX_LENGTH = 2000;

const WebhookUrlSchema = z.string().min(1).max(WEBHOOK_URL_MAX_LENGTH);
const WebhookEventsSchema = z.array(WebhookEventSchema).min(1).max(WEBHOOK_EVENTS.length);

/** A hook as its managers see it; the signing secret is never part of it. */
export const WebhookSchema = z.object({
  id: Base62IdSchema,
  /** Exactly one of project_id and organization_id is set: whose events the hook receives. */
  project_id: Base62IdSchema.nullable(),
  organization_id: Base62IdSchema.nullable(),
  url: z.string(),
  format: WebhookFormatSchema,
  events: z.array(WebhookEventSchema),
  enabled: z.boolean(),
  /** Why the hook is off when Cairn switched it off (`failures`: too many failed deliveries in a row); null otherwise. */
  disabled_reason: z.enum(['failures']).nullable(),
  /** Failed deliveries since the last successful one. */
  consecutive_failures: z.number().int(),
  delivered_count: z.number().int(),
  failed_count: z.number().int(),
  /** The outcome of the latest finished delivery, if any. */
  last_delivery: z.object({ status: z.enum(['succeeded', 'failed']), at: z.string() }).nullable(),
  created: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The signing secret, shown once: in the answer to creating a hook and to rotating its secret. */
export const WebhookSecretSchema = z.object({ secret: z.string() });
export type WebhookSecret = z.infer<typeof WebhookSecretSchema>;

export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WebhookListSchema = z.array(WebhookSchema);

export const CreateWebhookBodySchema = z.object({
  /** https (http only where the instance allows it for development). */
  url: WebhookUrlSchema,
  format: WebhookFormatSchema.default('generic'),
  events: WebhookEventsSchema,
  enabled: z.boolean().default(true),
});
/** What a client sends (format and enabled may be left out). */
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;
/** The body after parsing, defaults filled in. */
export type CreateWebhookInput = z.infer<typeof CreateWebhookBodySchema>;

export const UpdateWebhookBodySchema = z
  .object({
    url: WebhookUrlSchema,
    format: WebhookFormatSchema,
    events: WebhookEventsSchema,
    /** Switching a hook on again starts its failure count afresh. */
    enabled: z.boolean(),
  })
  .partial();
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

/** One message to a hook: its first send, the retries of it, and their outcome. */
export const WebhookDeliverySchema = z.object({
  id: Base62IdSchema,
  webhook_id: Base62IdSchema,
  /** The `webhook-id` header: the same on every retry and on "send again". */
  message_id: z.string(),
  event: WebhookDeliveryEventSchema,
  status: WebhookDeliveryStatusSchema,
  attempts: z.number().int(),
  /** HTTP status of the latest attempt; null when no answer came. */
  status_code: z.number().int().nullable(),
  /** Why the latest attempt failed (refused address, timeout…); null after a 2xx. */
  error: z.string().nullable(),
  latency_ms: z.number().int().nullable(),
  /** The start of the destination's answer (at most 1 KB). */
  response_excerpt: z.string().nullable(),
  created: z.string(),
  /** When the latest attempt ended. */
  attempted: z.string().nullable(),
  /** The delivery this one sends again, if it is a "send again". */
  resent_from: Base62IdSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.array(WebhookDeliverySchema);

export const WebhookDeliveriesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
