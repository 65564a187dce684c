import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from './store.js';
import { createWebhookOutbox, signPayload, SIGNATURE_HEADER, type WebhookOutbox } from './webhooks.js';

/** A webhook receiver that answers each delivery with the next of `statuses` (then 204), and records them. */
async function startReceiver(statuses: number[] = []) {
  const received: { id: string; signature: string; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ id: (JSON.parse(body) as { id: string }).id, signature: String(request.headers[SIGNATURE_HEADER]), body });
      response.statusCode = statuses.shift() ?? 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function until(condition: () => boolean, timeoutMs = 15_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setUp(options: { statuses?: number[]; now?: () => number } = {}) {
  const receiver = await startReceiver(options.statuses);
  cleanups.push(receiver.close);
  const store = openStore(undefined);
  const outbox: WebhookOutbox = createWebhookOutbox({ store, secret: 'whsec_test', url: receiver.url, now: options.now ?? Date.now });
  cleanups.push(() => outbox.stop());
  return { receiver, store, outbox };
}

describe('the billing webhook outbox', () => {
  it('delivers events created after a pass that found nothing due, on its own timer', async () => {
    const { receiver, store, outbox } = await setUp();
    // The idle first pass: nothing is due, so it finishes without awaiting anything.
    await outbox.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    outbox.emit('payment.succeeded', { payment: { id: 'pay_1' } });
    outbox.emit('payment.failed', { payment: { id: 'pay_2' } });

    expect(await until(() => store.state.events.every((e) => e.delivered))).toBe(true);
    expect(receiver.received.map((r) => r.id).sort()).toEqual(store.state.events.map((e) => e.id).sort());
    expect(store.state.events.map((e) => e.attempts)).toEqual([1, 1]);
    const [first] = receiver.received;
    const timestamp = Number(/t=(\d+)/.exec(first!.signature)![1]);
    expect(first!.signature).toBe(signPayload('whsec_test', first!.body, timestamp));
  }, 30_000);

  it('retries a refused delivery only once its backoff has passed, then delivers it once', async () => {
    let now = 1_000_000;
    const { receiver, store, outbox } = await setUp({ statuses: [500, 503], now: () => now });
    outbox.emit('payment.succeeded', { payment: { id: 'pay_1' } });
    await outbox.deliverDue();
    const event = store.state.events[0]!;
    expect(receiver.received).toHaveLength(1);
    expect(event).toMatchObject({ delivered: false, attempts: 1, nextAttempt: now + 1000 });

    // Not yet due: no attempt.
    now += 999;
    await outbox.deliverDue();
    expect(receiver.received).toHaveLength(1);

    now += 1;
    await outbox.deliverDue();
    expect(receiver.received).toHaveLength(2);
    expect(event).toMatchObject({ delivered: false, attempts: 2, nextAttempt: now + 2000 });

    now += 2000;
    await outbox.deliverDue();
    expect(event).toMatchObject({ delivered: true, attempts: 3 });

    now += 3_600_000;
    await outbox.deliverDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.map((r) => r.id)).toEqual([event.id, event.id, event.id]);
  });

  it('runs one pass at a time, so concurrent triggers deliver each event once', async () => {
    const { receiver, store, outbox } = await setUp();
    for (let i = 0; i < 5; i++) outbox.emit('payment.succeeded', { payment: { id: `pay_${i}` } });
    await Promise.all([outbox.deliverDue(), outbox.deliverDue(), outbox.deliverDue()]);
    expect(await until(() => store.state.events.every((e) => e.delivered))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = receiver.received.map((r) => r.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  }, 30_000);
});
