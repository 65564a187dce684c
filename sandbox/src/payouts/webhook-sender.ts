import { randomBytes } from 'node:crypto';
import { signatureHeader } from './signature.js';

export type Deliver = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

export const deliverWithFetch: Deliver = async (url, body, headers) => {
  const response = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(10_000) });
  await response.arrayBuffer();
  return response.status;
};

const MAX_ATTEMPTS = 8;

/** Sends signed events, redelivering with exponential backoff (1 s, 2 s, 4 s…) until a 2xx. */
export function createWebhookSender(options: { url: string | undefined; secret: string; deliver: Deliver; baseDelayMs?: number }) {
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<void>>();
  const baseDelay = options.baseDelayMs ?? 1000;

  const attempt = async (body: string, attemptNumber: number): Promise<void> => {
    if (!options.url) return;
    let status = 0;
    try {
      status = await options.deliver(options.url, body, { 'content-type': 'application/json', 'cairn-sandbox-signature': signatureHeader(options.secret, body) });
    } catch {
      status = 0;
    }
    if ((status >= 200 && status < 300) || attemptNumber + 1 >= MAX_ATTEMPTS) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      track(attempt(body, attemptNumber + 1));
    }, baseDelay * 2 ** attemptNumber);
    timer.unref();
    timers.add(timer);
  };
  const track = (promise: Promise<void>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };

  return {
    send(type: string, data: object) {
      const body = JSON.stringify({ id: `evt_${randomBytes(12).toString('hex')}`, type, created: Math.floor(Date.now() / 1000), data });
      track(attempt(body, 0));
    },
    /** Waits for the deliveries under way (not the scheduled retries). */
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
