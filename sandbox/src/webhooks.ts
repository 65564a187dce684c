import { createHmac } from 'node:crypto';
import type { SandboxEvent, SandboxStore } from './store.js';
import { newId } from './store.js';

export const SIGNATURE_HEADER = 'cairn-sandbox-signature';

export interface WebhookDelivery {
  body: Buffer;
  headers: Record<string, string>;
}

export function signPayload(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/** Delay before attempt `n + 1`: 1 s, 2 s, 4 s… capped at an hour. */
const backoffMs = (attempts: number) => Math.min(1000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

export interface WebhookOutbox {
  emit(type: string, data: Record<string, unknown>): void;
  /** Hands over (and marks delivered) every event not yet delivered: for tests without a webhook URL. */
  drain(): WebhookDelivery[];
  /** Tries every due delivery once; resolves when done. */
  deliverDue(): Promise<void>;
  stop(): void;
}

export function createWebhookOutbox(options: {
  store: SandboxStore;
  secret: string;
  url: string | undefined;
  now: () => number;
  log?: (message: string) => void;
}): WebhookOutbox {
  const { store, secret } = options;
  const sign = (event: SandboxEvent): WebhookDelivery => {
    const body = JSON.stringify({ id: event.id, type: event.type, created: event.created, data: event.data });
    return {
      body: Buffer.from(body),
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signPayload(secret, body, Math.floor(options.now() / 1000)) },
    };
  };

  const deliverOnce = async (): Promise<void> => {
    if (!options.url) return;
    const due = store.state.events.filter((e) => !e.delivered && e.nextAttempt <= options.now());
    for (const event of due) {
      if (event.delivered) continue;
      const delivery = sign(event);
      let ok = false;
      try {
        const response = await fetch(options.url, { method: 'POST', body: delivery.body, headers: delivery.headers, signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        ok = response.ok;
      } catch (error) {
        options.log?.(`webhook ${event.id} not delivered: ${(error as Error).message}`);
      }
      event.attempts += 1;
      if (ok) event.delivered = true;
      else event.nextAttempt = options.now() + backoffMs(event.attempts);
      store.save();
    }
  };

  // One pass at a time. The pass is cleared from `.finally`, which always runs after the
  // assignment below: clearing it inside the pass would run first when the pass finishes
  // synchronously (nothing due), leaving a settled promise that blocks every later pass.
  let running: Promise<void> | undefined;
  const deliverDue = (): Promise<void> => {
    running ??= deliverOnce()
      .catch((error: unknown) => options.log?.(`webhook delivery pass failed: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const timer = options.url ? setInterval(() => void deliverDue(), 250) : undefined;
  timer?.unref();

  return {
    emit(type, data) {
      const created = options.now();
      store.state.events.push({ id: newId('evt'), type, created: Math.floor(created / 1000), data, delivered: false, attempts: 0, nextAttempt: created });
      // Delivered events older than a day are forgotten, so the state file stays small.
      store.state.events = store.state.events.filter((e) => !e.delivered || e.created * 1000 > created - 86_400_000);
      store.save();
      if (options.url) void deliverDue();
    },
    drain() {
      const pending = store.state.events.filter((e) => !e.delivered);
      for (const event of pending) event.delivered = true;
      store.save();
      return pending.map(sign);
    },
    deliverDue,
    stop: () => {
      if (timer) clearInterval(timer);
    },
  };
}
