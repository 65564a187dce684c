import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, projects } from './catalogue.js';

/**
 * Release webhooks: hooks of a project or an organization, and one delivery row per message to a
 * hook (its retries update that row). Deliveries are written in the transaction of the change
 * they report, so a rolled-back change sends nothing (docs/api/webhooks.md).
 */

const id = () => bigint({ mode: 'number' });
const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const webhooks = pgTable(
  'webhooks',
  {
    id: id().primaryKey(),
    /** Exactly one of projectId and organizationId is set. */
    projectId: id().references(() => projects.id, { onDelete: 'cascade' }),
    organizationId: id().references(() => organizations.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** `generic` or `discord`. */
    format: text().notNull(),
    events: text().array().notNull(),
    /** `whsec_` + base64 of 24 random bytes; the HMAC key is the decoded part. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** `failures` when Cairn switched the hook off; null otherwise. */
    disabledReason: text(),
    consecutiveFailures: integer().notNull().default(0),
    deliveredCount: integer().notNull().default(0),
    failedCount: integer().notNull().default(0),
    lastDeliveryStatus: text(),
    lastDeliveryAt: timestamp({ withTimezone: true }),
    created: created(),
  },
  (t) => [
    check('webhooks_one_owner', sql`(${t.projectId} is null) <> (${t.organizationId} is null)`),
    index('webhooks_project_idx').on(t.projectId),
    index('webhooks_organization_idx').on(t.organizationId),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id().primaryKey(),
    webhookId: id()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header (`msg_…`): the same on every retry and on "send again". */
    messageId: text().notNull(),
    event: text().notNull(),
    /** The event as recorded: `{ type, timestamp, data }`, links relative to the site. */
    payload: text().notNull(),
    /** `pending` while attempts remain, then `succeeded` or `failed`. */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    statusCode: integer(),
    error: text(),
    latencyMs: integer(),
    responseExcerpt: text(),
    /** Sent by hand (a ping, a "send again"): tried once, not retried. */
    manual: boolean().notNull().default(false),
    resentFrom: id(),
    created: created(),
    attempted: timestamp({ withTimezone: true }),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.created)],
);
