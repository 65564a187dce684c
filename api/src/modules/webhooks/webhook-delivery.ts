import type { Database } from '../../db/client.js';
import { encodeBase62 } from '../../lib/ids.js';
import { jobConnection } from '../../lib/job-connection.js';
import type { JobQueue } from '../../lib/jobs/job-types.js';
import { OutboundError, safeFetch, type OutboundPolicy } from '../../lib/outbound/safe-fetch.js';
import type { WebhooksConfig } from '../../config.js';
import { listAcceptedProjectMembers, notifyUsers } from '../notifications/notifications.port.js';
import { destinationProblem } from './webhook-destinations.js';
import { DELIVER_WEBHOOK_JOB, type DeliverWebhookJob } from './webhook-events.port.js';
import { renderDiscord, renderGeneric, type RecordedEvent } from './webhook-payloads.js';
import { signatureHeader } from './webhook-signatures.js';
import * as repo from './webhooks.repository.js';

/** The start of a destination's answer kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;
const USER_AGENT = 'Cairn-Webhooks/1 (+release webhooks of a Cairn instance)';

export interface DeliveryDeps {
  db: Database;
  config: WebhooksConfig;
  publicSiteUrl: string;
  /** Where a retry is scheduled. */
  queue: JobQueue | undefined;
  /** Resolves host names (tests pass their own); the system resolver otherwise. */
  resolve?: OutboundPolicy['resolve'];
}

interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
  responseExcerpt: string | null;
  /** Whether trying again could change anything (not for a refused or malformed destination). */
  retryable: boolean;
}

/** Text PostgreSQL can store: the excerpt is whatever the destination sent. */
const storable = (text: string) => text.replaceAll(String.fromCharCode(0), '\uFFFD');

/** Retry `n` (1 for the first) waits the base delay × 2^(n-1), stretched by up to half again so retries spread out. */
export function retryDelaySeconds(baseSeconds: number, retry: number, random = Math.random()): number {
  return Math.round(baseSeconds * 2 ** (retry - 1) * (1 + random / 2));
}

async function send(deps: DeliveryDeps, url: string, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
  const problem = destinationProblem(url, deps.config);
  if (problem) return { statusCode: null, error: `The URL ${problem}`, latencyMs: null, responseExcerpt: null, retryable: false };
  const policy: OutboundPolicy = {
    allowHosts: deps.config.allowHosts,
    maxBytes: RESPONSE_EXCERPT_BYTES,
    timeoutMs: deps.config.timeoutMs,
    connectTimeoutMs: deps.config.connectTimeoutMs,
    maxRedirects: 3,
    resolve: deps.resolve,
  };
  const started = performance.now();
  try {
    const response = await safeFetch(url, policy, { method: 'POST', headers, body: Buffer.from(body), anyStatus: true, truncate: true });
    const latencyMs = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status <= 299;
    return {
      statusCode: response.status,
      error: ok ? null : `The destination answered ${response.status}`,
      latencyMs,
      responseExcerpt: response.body.length > 0 ? storable(response.body.toString('utf8')) : null,
      retryable: !ok,
    };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    const retryable = error.failure !== 'refused' && error.failure !== 'invalid_url';
    return { statusCode: null, error: `${error.message.charAt(0).toUpperCase()}${error.message.slice(1)}`, latencyMs: Math.round(performance.now() - started), responseExcerpt: null, retryable };
  }
}

/**
 * One attempt of a delivery (docs/api/webhooks.md, "Retries"): sends it, logs the outcome on the
 * delivery and, while attempts remain, schedules the next with exponential backoff; a finished
 * delivery is counted on its hook, and the failure that completes a streak of
 * WEBHOOKS_DISABLE_AFTER_FAILURES switches the hook off and notifies its team.
 */
export async function attemptDelivery(deps: DeliveryDeps, job: DeliverWebhookJob, now = () => new Date()): Promise<void> {
  const { db, config } = deps;
  const delivery = await repo.findDeliveryById(db, job.deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const hook = await repo.findHookForDelivery(db, delivery.webhookId);
  if (!hook) return;
  if (!hook.enabled && !delivery.manual) {
    await repo.updateDelivery(db, delivery.id, { status: 'failed', error: 'Not sent: the webhook is switched off', attempted: now() });
    return;
  }

  const event = JSON.parse(delivery.payload) as RecordedEvent;
  const body = hook.format === 'discord' ? renderDiscord(event, deps.publicSiteUrl) : renderGeneric(event, deps.publicSiteUrl);
  const timestamp = Math.floor(now().getTime() / 1000);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': delivery.messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(hook.secret, delivery.messageId, timestamp, body),
  };
  const outcome = await send(deps, hook.url, headers, body);

  const attempts = delivery.attempts + 1;
  const succeeded = outcome.statusCode !== null && outcome.error === null;
  const final = succeeded || delivery.manual || !outcome.retryable || attempts >= config.maxAttempts || !deps.queue;
  await db.transaction(async (tx) => {
    const current = await repo.findDeliveryById(tx, delivery.id, true);
    // Another run of this job recorded the attempt first (a crash-retry overlapping it).
    if (!current || current.status !== 'pending' || current.attempts !== delivery.attempts) return;
    const at = now();
    await repo.updateDelivery(tx, delivery.id, {
      attempts,
      status: final ? (succeeded ? 'succeeded' : 'failed') : 'pending',
      statusCode: outcome.statusCode,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
      responseExcerpt: outcome.responseExcerpt,
      attempted: at,
    });
    if (!final) {
      await deps.queue!.send(DELIVER_WEBHOOK_JOB, { deliveryId: delivery.id } satisfies DeliverWebhookJob, {
        db: jobConnection(tx),
        // A date, not seconds: through a drizzle transaction pg-boss's "seconds" text is also cast to a timestamp and fails.
        startAfter: new Date(at.getTime() + retryDelaySeconds(config.retryDelaySeconds, attempts) * 1000),
        retryLimit: 2,
        retryDelay: 30,
      });
      return;
    }
    const state = await repo.countDeliveryOutcome(tx, hook.id, succeeded, at);
    if (succeeded || !state?.enabled || state.consecutiveFailures < config.disableAfterFailures) return;
    await repo.updateHook(tx, hook.id, { enabled: false, disabledReason: 'failures' });
    const recipients = state.projectId !== null ? await listAcceptedProjectMembers(tx, state.projectId) : await repo.listAcceptedOrganizationMembers(tx, state.organizationId!);
    await notifyUsers(tx, recipients, {
      type: 'webhook_disabled',
      webhook_id: encodeBase62(hook.id),
      project_id: state.projectId === null ? null : encodeBase62(state.projectId),
      organization_id: state.organizationId === null ? null : encodeBase62(state.organizationId),
      failures: state.consecutiveFailures,
    });
  });
}
