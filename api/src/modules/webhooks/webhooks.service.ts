import type { CreatedWebhook, CreateWebhookInput, UpdateWebhookBody, Webhook, WebhookDelivery, WebhookSecret } from '@cairn/shared/schemas/webhooks';
import type { WebhooksConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { badRequest, conflict, notFound, serviceUnavailable, unauthorized } from '../../lib/errors.js';
import { encodeBase62, parseId, randomId } from '../../lib/ids.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { listOrganizationAccess } from '../access/organization.policy.js';
import { requireVisibleProject } from '../access/project.policy.js';
import { canManageOrganizationWebhooks, canManageProjectWebhooks } from '../access/webhook.policy.js';
import { destinationProblem } from './webhook-destinations.js';
import { projectSnapshot, queueDelivery } from './webhook-events.port.js';
import type { RecordedEvent } from './webhook-payloads.js';
import { generateSecret } from './webhook-signatures.js';
import { toWebhook, toWebhookDelivery } from './webhooks.mapper.js';
import * as repo from './webhooks.repository.js';

/** Most hooks one project or organization may have. */
export const MAX_HOOKS_PER_OWNER = 10;

export interface WebhooksServiceDeps {
  db: Database;
  config: WebhooksConfig;
  /** Where deliveries are enqueued; without one, pings and "send again" answer 503. */
  jobs: JobQueue | undefined;
}

export type OwnerKind = repo.HookOwner['kind'];

/** Managing release webhooks of projects and organizations, and their delivery logs. */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db, config } = deps;

  /** The owner named in the path, if the caller manages its hooks; 404 when the caller may not see it. */
  async function requireOwner(actor: Actor, kind: OwnerKind, text: string): Promise<repo.HookOwner> {
    if (kind === 'project') {
      const access = await requireVisibleProject(db, actor, text);
      if (!canManageProjectWebhooks(actor, access)) throw unauthorized("You don't have permission to manage this project's webhooks");
      return { kind, id: access.project.id };
    }
    const id = await repo.findOrganizationId(db, text, parseId(text));
    const [access] = id === undefined ? [] : await listOrganizationAccess(db, actor, [id]);
    if (!access?.visible) throw notFound('The organization does not exist or you may not see it');
    if (!canManageOrganizationWebhooks(actor, access)) throw unauthorized("You don't have permission to manage this organization's webhooks");
    return { kind, id: access.organizationId };
  }

  async function requireHook(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string): Promise<{ owner: repo.HookOwner; hook: repo.WebhookRow }> {
    const owner = await requireOwner(actor, kind, ownerText);
    const id = parseId(hookText);
    const hook = id === undefined ? undefined : await repo.findHookOf(db, owner, id);
    if (!hook) throw notFound('The webhook does not exist');
    return { owner, hook };
  }

  function checkUrl(url: string): string {
    const problem = destinationProblem(url, config);
    if (problem) throw badRequest(`Invalid body 'url': the URL ${problem}`);
    return url;
  }

  function requireJobs(): JobQueue {
    if (!deps.jobs) throw serviceUnavailable('Deliveries cannot be queued by this process', 'jobs_unavailable');
    return deps.jobs;
  }

  async function pingEvent(owner: repo.HookOwner, hookId: number): Promise<RecordedEvent> {
    const timestamp = new Date().toISOString();
    const webhook_id = encodeBase62(hookId);
    if (owner.kind === 'project') {
      const project = await repo.findProjectSnapshot(db, owner.id);
      return { type: 'ping', timestamp, data: { webhook_id, project: project ? projectSnapshot(project) : null, organization: null } };
    }
    const organization = await repo.findOrganizationSnapshot(db, owner.id);
    return {
      type: 'ping',
      timestamp,
      data: {
        webhook_id,
        project: null,
        organization: organization ? { id: encodeBase62(organization.id), slug: organization.slug, name: organization.name, path: `/organization/${organization.slug}` } : null,
      },
    };
  }

  return {
    async listWebhooks(actor: Actor, kind: OwnerKind, ownerText: string): Promise<Webhook[]> {
      const owner = await requireOwner(actor, kind, ownerText);
      return (await repo.listHooksOf(db, owner)).map(toWebhook);
    },

    async getWebhook(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string): Promise<Webhook> {
      return toWebhook((await requireHook(actor, kind, ownerText, hookText)).hook);
    },

    /** A new hook; its signing secret is in this answer and never again. */
    async createWebhook(actor: Actor, kind: OwnerKind, ownerText: string, input: CreateWebhookInput): Promise<CreatedWebhook> {
      const owner = await requireOwner(actor, kind, ownerText);
      const url = checkUrl(input.url);
      const id = Number(randomId());
      const secret = generateSecret();
      await db.transaction(async (tx) => {
        if ((await repo.countHooksOf(tx, owner)) >= MAX_HOOKS_PER_OWNER) throw badRequest(`A ${kind} has at most ${MAX_HOOKS_PER_OWNER} webhooks`, 'limit_reached');
        await repo.insertHook(tx, {
          id,
          projectId: owner.kind === 'project' ? owner.id : null,
          organizationId: owner.kind === 'organization' ? owner.id : null,
          url,
          format: input.format,
          events: [...new Set(input.events)],
          secret,
          enabled: input.enabled,
        });
      });
      return { ...toWebhook((await repo.findHookOf(db, owner, id))!), secret };
    },

    async updateWebhook(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string, body: UpdateWebhookBody): Promise<Webhook> {
      const { owner, hook } = await requireHook(actor, kind, ownerText, hookText);
      const changes: Parameters<typeof repo.updateHook>[2] = {};
      if (body.url !== undefined) changes.url = checkUrl(body.url);
      if (body.format !== undefined) changes.format = body.format;
      if (body.events !== undefined) changes.events = [...new Set(body.events)];
      if (body.enabled !== undefined) {
        changes.enabled = body.enabled;
        changes.disabledReason = null;
        // Switched on again: the streak that switched it off no longer counts.
        if (body.enabled && !hook.enabled) changes.consecutiveFailures = 0;
      }
      if (Object.keys(changes).length > 0) await db.transaction((tx) => repo.updateHook(tx, hook.id, changes));
      return toWebhook((await repo.findHookOf(db, owner, hook.id))!);
    },

    async deleteWebhook(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string): Promise<void> {
      const { hook } = await requireHook(actor, kind, ownerText, hookText);
      await db.transaction((tx) => repo.deleteHook(tx, hook.id));
    },

    /** A new signing secret, shown in this answer only; the old one stops signing at once. */
    async rotateWebhookSecret(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string): Promise<WebhookSecret> {
      const { hook } = await requireHook(actor, kind, ownerText, hookText);
      const secret = generateSecret();
      await db.transaction((tx) => repo.updateHook(tx, hook.id, { secret }));
      return { secret };
    },

    /** A `ping` delivery, sent once (also to a switched-off hook, to try it before switching it on). */
    async pingWebhook(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string): Promise<WebhookDelivery> {
      const { owner, hook } = await requireHook(actor, kind, ownerText, hookText);
      const jobs = requireJobs();
      const event = await pingEvent(owner, hook.id);
      const row = await db.transaction((tx) => queueDelivery(tx, jobs, { webhookId: hook.id, event, manual: true }));
      return toWebhookDelivery(row);
    },

    async listWebhookDeliveries(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string, limit: number): Promise<WebhookDelivery[]> {
      const { hook } = await requireHook(actor, kind, ownerText, hookText);
      return (await repo.listDeliveries(db, hook.id, limit)).map(toWebhookDelivery);
    },

    /** "Send again": a new delivery of the same payload with the same message id (receivers de-duplicate by it), sent once. */
    async resendWebhookDelivery(actor: Actor, kind: OwnerKind, ownerText: string, hookText: string, deliveryText: string): Promise<WebhookDelivery> {
      const { hook } = await requireHook(actor, kind, ownerText, hookText);
      const id = parseId(deliveryText);
      const original = id === undefined ? undefined : await repo.findDelivery(db, hook.id, id);
      if (!original) throw notFound('The delivery does not exist');
      if (original.status === 'pending') throw conflict('The delivery is still being attempted; send it again once it has finished', 'delivery_pending');
      const jobs = requireJobs();
      const event = JSON.parse(original.payload) as RecordedEvent;
      const row = await db.transaction((tx) =>
        queueDelivery(tx, jobs, { webhookId: hook.id, event, messageId: original.messageId, manual: true, resentFrom: original.id }),
      );
      return toWebhookDelivery(row);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
