import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { scopeBits, withoutRestricted, ALL_SCOPES } from '@cairn/shared/constants/scopes';
import { CreatedWebhookSchema, WebhookDeliveryListSchema, WebhookDeliverySchema, WebhookSchema, type WebhookDelivery } from '@cairn/shared/schemas/webhooks';
import { NotificationSchema } from '@cairn/shared/schemas/notifications';
import { webhookDeliveries, webhooks } from '../../src/db/schema/webhooks.js';
import { encodeBase62, randomId } from '../../src/lib/ids.js';
import { attemptDelivery } from '../../src/modules/webhooks/webhook-delivery.js';
import { recordWebhookEvent } from '../../src/modules/webhooks/webhook-events.port.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { eventually } from '../helpers/eventually.js';
import { jar, postVersion, versionData } from '../helpers/versions.js';
import { addTeamMember, insertOrganization, insertProject, type InsertedProject } from '../factories/catalogue.js';
import { createPat, insertUserWithTokens, type TestUser } from '../factories/users.js';

/**
 * Release webhooks end to end: hooks managed over the API, events recorded by the catalogue's
 * own routes, and deliveries made by the worker to a real HTTP receiver this file starts on
 * loopback — the only host:port on OUTBOUND_ALLOW_HOSTS. Signatures are checked with an
 * implementation of the Standard Webhooks convention written here from its text.
 */

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let ctx: TestContext;
let receiver: Server;
let port: number;
let base: string;
const received: Received[] = [];
/** Attempts per webhook-id at the /flaky path. */
const flakyAttempts = new Map<string, number>();

const call = testClient(() => ctx.app);
const errorOf = (response: { json(): unknown }) => ErrorBodySchema.parse(response.json());

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const route = path.split('/')[1];
      switch (route) {
        case 'ok':
          // Longer than the excerpt the log keeps.
          return response.writeHead(200, { 'content-type': 'text/plain' }).end(`thanks ${'x'.repeat(4000)}`);
        case 'discord':
          return response.writeHead(204).end();
        case 'flaky': {
          const id = String(request.headers['webhook-id']);
          const attempt = (flakyAttempts.get(id) ?? 0) + 1;
          flakyAttempts.set(id, attempt);
          return attempt <= 2 ? response.writeHead(503).end('busy, try later') : response.writeHead(200).end('got it');
        }
        case 'down':
          return response.writeHead(500).end('broken');
        case 'to-localhost':
          return response.writeHead(307, { location: `http://localhost:${port}/ok/redirected` }).end();
        case 'to-private':
          return response.writeHead(307, { location: 'http://10.0.0.1/hook' }).end();
        case 'to-loopback':
          return response.writeHead(308, { location: `http://127.0.0.1:${port + 1}/hook` }).end();
        default:
          return response.writeHead(404).end('missing');
      }
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  port = (receiver.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({
    jobs: true,
    env: {
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}`,
      WEBHOOKS_ALLOW_HTTP: 'true',
      WEBHOOKS_MAX_ATTEMPTS: '3',
      WEBHOOKS_RETRY_DELAY_SECONDS: '1',
      WEBHOOKS_DISABLE_AFTER_FAILURES: '2',
      WEBHOOKS_TIMEOUT_MS: '5000',
      PUBLIC_SITE_URL: 'https://cairn.test',
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((done) => receiver.close(() => done()));
});

// ---- The convention, written from its text: key = base64-decoded part after `whsec_`,
// content `${id}.${timestamp}.${body}`, header a space-separated list of `v1,<base64 mac>`.
function verifyStandardWebhook(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, mac] = entry.split(',');
    if (version !== 'v1' || !mac) return false;
    const given = Buffer.from(mac, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

async function creatorWithProject(fields: { organizationId?: number } = {}): Promise<{ user: TestUser; project: InsertedProject }> {
  const user = await insertUserWithTokens(ctx.database.db);
  const project = await insertProject(ctx.database.db, { ownerId: user.id, ...fields });
  return { user, project };
}

async function addHook(owner: string, token: string, body: object) {
  const response = await call('POST', `${owner}/webhooks`, token, body);
  expect(response.statusCode, response.body).toBe(200);
  return CreatedWebhookSchema.parse(response.json());
}

async function publish(user: TestUser, project: InsertedProject, overrides: Parameters<typeof versionData>[1] = {}) {
  const response = await postVersion(ctx.app, user.session, versionData(project.key, overrides), [{ part: 'file', filename: 'mod.jar', bytes: jar(`hook-${randomId()}`) }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>();
}

async function deliveriesOf(owner: string, hookId: string, token: string): Promise<WebhookDelivery[]> {
  const response = await call('GET', `${owner}/webhooks/${hookId}/deliveries`, token);
  expect(response.statusCode).toBe(200);
  return WebhookDeliveryListSchema.parse(response.json());
}

/** The hook's deliveries once `count` of them have finished (no wall-clock assertion: the bound is generous). */
async function finishedDeliveries(owner: string, hookId: string, token: string, count = 1): Promise<WebhookDelivery[]> {
  return eventually(
    async () => {
      const list = await deliveriesOf(owner, hookId, token);
      const finished = list.filter((d) => d.status !== 'pending');
      return finished.length >= count ? finished : undefined;
    },
    45_000,
    `${count} finished deliveries of ${hookId}`,
  );
}

const receivedAt = (prefix: string) => received.filter((r) => r.path.startsWith(prefix));

describe('managing hooks', () => {
  it('creates a hook with a secret shown once, lists and changes it, and deletes it', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const created = await addHook(owner, user.session, { url: `${base}/ok/manage`, events: ['version.published', 'version.published', 'gallery.image_added'] });
    expect(created).toMatchObject({ format: 'generic', enabled: true, project_id: project.key, organization_id: null, events: ['version.published', 'gallery.image_added'], last_delivery: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);

    const list = await call('GET', `${owner}/webhooks`, user.session);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toEqual([WebhookSchema.parse({ ...created, secret: undefined })]);

    const changed = await call('PATCH', `${owner}/webhooks/${created.id}`, user.session, { format: 'discord', enabled: false, events: ['version.deleted'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ format: 'discord', enabled: false, events: ['version.deleted'] });
    expect(changed.body).not.toContain(created.secret);

    const rotated = await call('POST', `${owner}/webhooks/${created.id}/secret`, user.session);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<{ secret: string }>().secret).toMatch(/^whsec_/);
    expect(rotated.json<{ secret: string }>().secret).not.toBe(created.secret);

    expect((await call('DELETE', `${owner}/webhooks/${created.id}`, user.session)).statusCode).toBe(204);
    expect((await call('GET', `${owner}/webhooks/${created.id}`, user.session)).statusCode).toBe(404);
  });

  it('refuses bad destinations and events with a 400 naming the field', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}/webhooks`;
    const refused = async (body: object) => {
      const response = await call('POST', owner, user.session, body);
      expect(response.statusCode).toBe(400);
      return errorOf(response).description;
    };
    expect(await refused({ url: `http://127.0.0.2:${port}/ok`, events: ['version.published'] })).toMatch(/url.*loopback/);
    expect(await refused({ url: `http://localhost:${port}/ok`, events: ['version.published'] })).toMatch(/url.*this machine/);
    expect(await refused({ url: 'https://10.2.3.4/hook', events: ['version.published'] })).toMatch(/url.*private/);
    expect(await refused({ url: 'ftp://hooks.example.org/', events: ['version.published'] })).toMatch(/url/);
    expect(await refused({ url: 'https://hooks.example.org/', events: [] })).toMatch(/events/);
    expect(await refused({ url: 'https://hooks.example.org/', events: ['version.exploded'] })).toMatch(/events/);
    expect(await refused({ url: 'https://hooks.example.org/', events: ['version.published'], format: 'carrier-pigeon' })).toMatch(/format/);
  });
});

describe('deliveries', () => {
  it('publishing a version delivers a generic JSON message signed by the convention', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/ok/generic`, events: ['version.published'] });
    const version = await publish(user, project);

    const [delivery] = await finishedDeliveries(owner, hook.id, user.session);
    expect(delivery).toMatchObject({ event: 'version.published', status: 'succeeded', attempts: 1, status_code: 200, error: null });
    expect(delivery!.latency_ms).toBeGreaterThanOrEqual(0);
    expect(delivery!.response_excerpt!.startsWith('thanks xxx')).toBe(true);
    expect(Buffer.byteLength(delivery!.response_excerpt!)).toBeLessThanOrEqual(1024);

    const [message] = receivedAt('/ok/generic');
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.headers['webhook-id']).toBe(delivery!.message_id);
    expect(verifyStandardWebhook(hook.secret, message!.headers, message!.body)).toBe(true);
    // A signature with another secret, or over another body, does not verify.
    expect(verifyStandardWebhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, message!.headers, message!.body)).toBe(false);
    expect(verifyStandardWebhook(hook.secret, message!.headers, `${message!.body} `)).toBe(false);

    const body = JSON.parse(message!.body);
    expect(body).toMatchObject({
      type: 'version.published',
      data: {
        project: { id: project.key, slug: project.slug, project_type: 'mod', url: `https://cairn.test/mod/${project.slug}` },
        version: { id: version.id, version_number: '1.0.0', game_versions: ['1.20.1'], loaders: ['fabric'], url: `https://cairn.test/mod/${project.slug}/version/${version.id}` },
      },
    });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);

    const listed = WebhookSchema.parse((await call('GET', `${owner}/webhooks/${hook.id}`, user.session)).json());
    expect(listed).toMatchObject({ delivered_count: 1, failed_count: 0, consecutive_failures: 0, last_delivery: { status: 'succeeded' } });
  });

  it('sends Discord embeds to a discord hook', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/discord/embed`, format: 'discord', events: ['version.published'] });
    const changelog = `## Changes\n${'A long line of fixes. '.repeat(200)}`;
    const version = await publish(user, project, { changelog, game_versions: ['1.20.1'], loaders: ['fabric'] });
    const [delivery] = await finishedDeliveries(owner, hook.id, user.session);
    expect(delivery).toMatchObject({ status: 'succeeded', status_code: 204, response_excerpt: null });

    const [message] = receivedAt('/discord/embed');
    const body = JSON.parse(message!.body);
    expect(body.embeds).toHaveLength(1);
    const [embed] = body.embeds;
    expect(embed.title).toContain('1.0.0');
    expect(embed.url).toBe(`https://cairn.test/mod/${project.slug}/version/${version.id}`);
    expect(embed.description.startsWith('## Changes')).toBe(true);
    expect(embed.description.length).toBeLessThan(changelog.length);
    expect(embed.description.endsWith('…')).toBe(true);
    expect(typeof embed.color).toBe('number');
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: 'Game versions', value: '1.20.1', inline: true },
        { name: 'Loaders', value: 'fabric', inline: true },
      ]),
    );
  });

  // Attempts wait for their backoff and the worker's polling: a generous bound, not a speed claim.
  it('retries a 5xx with backoff under the same webhook-id until it succeeds', { timeout: 90_000 }, async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/flaky/retry`, events: ['version.published'] });
    await publish(user, project);
    const [delivery] = await finishedDeliveries(owner, hook.id, user.session);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, status_code: 200, response_excerpt: 'got it' });

    const attempts = receivedAt('/flaky/retry');
    expect(attempts).toHaveLength(3);
    expect(new Set(attempts.map((a) => a.headers['webhook-id']))).toEqual(new Set([delivery!.message_id]));
    // Every attempt is signed afresh (with its own timestamp), each signature valid.
    for (const attempt of attempts) expect(verifyStandardWebhook(hook.secret, attempt.headers, attempt.body)).toBe(true);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);
  });

  // Attempts wait for their backoff and the worker's polling: a generous bound, not a speed claim.
  it('switches an organization hook off after failed deliveries in a row, and tells the team', { timeout: 90_000 }, async () => {
    const user = await insertUserWithTokens(ctx.database.db);
    const organization = await insertOrganization(ctx.database.db, { ownerId: user.id });
    const organizationKey = encodeBase62(organization.id);
    const project = await insertProject(ctx.database.db, { ownerId: user.id, organizationId: organization.id });
    const owner = `/v2/organization/${organizationKey}`;
    const hook = await addHook(owner, user.session, { url: `${base}/down/org`, events: ['version.published'] });
    expect(hook.organization_id).toBe(organizationKey);

    // Organization hooks hear every project of the organization.
    await publish(user, project);
    await publish(user, project, { version_number: '1.0.1' });
    const failed = await finishedDeliveries(owner, hook.id, user.session, 2);
    expect(failed.map((d) => [d.status, d.attempts, d.status_code, d.error])).toEqual([
      ['failed', 3, 500, 'The destination answered 500'],
      ['failed', 3, 500, 'The destination answered 500'],
    ]);
    expect(receivedAt('/down/org')).toHaveLength(6);

    const state = WebhookSchema.parse((await call('GET', `${owner}/webhooks/${hook.id}`, user.session)).json());
    expect(state).toMatchObject({ enabled: false, disabled_reason: 'failures', consecutive_failures: 2, failed_count: 2, last_delivery: { status: 'failed' } });

    const notifications = (await call('GET', `/v2/user/${encodeBase62(user.id)}/notifications`, user.session)).json<unknown[]>().map((n) => NotificationSchema.parse(n));
    const notice = notifications.find((n) => n.body.type === 'webhook_disabled');
    expect(notice?.body).toEqual({ type: 'webhook_disabled', webhook_id: hook.id, project_id: null, organization_id: organizationKey, failures: 2 });
    expect(notice?.title).toMatch(/webhook .* switched off/);
    expect(notice?.link).toMatch(/\/organization\/.+\/settings\/webhooks$/);

    // Switched off, it hears nothing more; switched on again, its streak starts afresh.
    await publish(user, project, { version_number: '1.0.2' });
    expect(await deliveriesOf(owner, hook.id, user.session)).toHaveLength(2);
    const enabled = await call('PATCH', `${owner}/webhooks/${hook.id}`, user.session, { enabled: true });
    expect(enabled.json()).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
  });

  it('a ping is sent once, and "send again" repeats a delivery with the same webhook-id', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/ok/ping`, events: ['version.edited'] });
    const ping = await call('POST', `${owner}/webhooks/${hook.id}/ping`, user.session);
    expect(ping.statusCode).toBe(202);
    const queued = WebhookDeliverySchema.parse(ping.json());
    expect(queued).toMatchObject({ event: 'ping', status: 'pending', attempts: 0 });

    const [done] = await finishedDeliveries(owner, hook.id, user.session);
    expect(done).toMatchObject({ id: queued.id, status: 'succeeded', status_code: 200 });
    const [message] = receivedAt('/ok/ping');
    expect(JSON.parse(message!.body)).toMatchObject({ type: 'ping', data: { webhook_id: hook.id, project: { id: project.key } } });

    const resent = await call('POST', `${owner}/webhooks/${hook.id}/deliveries/${queued.id}/resend`, user.session);
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toMatchObject({ event: 'ping', message_id: queued.message_id, resent_from: queued.id, status: 'pending' });
    await finishedDeliveries(owner, hook.id, user.session, 2);
    const messages = receivedAt('/ok/ping');
    expect(messages).toHaveLength(2);
    expect(messages[1]!.headers['webhook-id']).toBe(messages[0]!.headers['webhook-id']);
    expect(messages[1]!.body).toBe(messages[0]!.body);

    expect((await call('POST', `${owner}/webhooks/${hook.id}/deliveries/zzzzzzzz/resend`, user.session)).statusCode).toBe(404);
  });

  it('signs with the new secret once it is rotated', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/ok/rotated`, events: ['version.published'] });
    const { secret } = (await call('POST', `${owner}/webhooks/${hook.id}/secret`, user.session)).json<{ secret: string }>();
    await call('POST', `${owner}/webhooks/${hook.id}/ping`, user.session);
    await finishedDeliveries(owner, hook.id, user.session);
    const [message] = receivedAt('/ok/rotated');
    expect(verifyStandardWebhook(secret, message!.headers, message!.body)).toBe(true);
    expect(verifyStandardWebhook(hook.secret, message!.headers, message!.body)).toBe(false);
  });

  it('edits, deletions, status changes and gallery images reach the hooks subscribed to them', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/ok/events`, events: ['version.edited', 'version.deleted', 'project.status_changed', 'gallery.image_added'] });
    const version = await publish(user, project);
    expect((await call('PATCH', `/v2/version/${version.id}`, user.session, { name: 'Renamed' })).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/version/${version.id}`, user.session)).statusCode).toBe(204);
    expect((await call('PATCH', `/v2/project/${project.key}`, user.session, { status: 'archived' })).statusCode).toBe(204);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
    const gallery = await ctx.app.inject({
      method: 'POST',
      url: `/v2/project/${project.key}/gallery?ext=png&featured=true&title=Screenshot`,
      headers: { authorization: user.session, 'content-type': 'image/png' },
      payload: png,
    });
    expect(gallery.statusCode, gallery.body).toBe(204);
    const done = await finishedDeliveries(owner, hook.id, user.session, 4);
    expect(done.map((d) => d.event).sort()).toEqual(['gallery.image_added', 'project.status_changed', 'version.deleted', 'version.edited']);
    const bodies = receivedAt('/ok/events').map((r) => JSON.parse(r.body));
    expect(bodies.find((b) => b.type === 'version.deleted').data.version).toMatchObject({ id: version.id, name: 'Renamed' });
    expect(bodies.find((b) => b.type === 'project.status_changed').data).toMatchObject({ old_status: 'approved', new_status: 'archived' });
    expect(bodies.find((b) => b.type === 'gallery.image_added').data.image).toMatchObject({ title: 'Screenshot', featured: true, url: expect.stringMatching(/^http/) });
  });

  it('writes nothing for a change that rolls back, and nothing about draft versions', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const hook = await addHook(owner, user.session, { url: `${base}/ok/rollback`, events: ['version.published', 'project.status_changed'] });
    const [row] = await ctx.database.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.projectId, project.id));
    const rolledBack = ctx.database.db.transaction(async (tx) => {
      await recordWebhookEvent(tx, ctx.jobs, { type: 'project.status_changed', projectId: project.id, oldStatus: 'approved', newStatus: 'archived' });
      // Written in the transaction of the change…
      expect(await tx.$count(webhookDeliveries, eq(webhookDeliveries.webhookId, row!.id))).toBe(1);
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    // …and gone with it, its job too (nothing reaches the receiver below).
    await publish(user, project, { status: 'draft' });
    expect(await deliveriesOf(owner, hook.id, user.session)).toEqual([]);
    // A later ping goes through the same queue: once it is done, nothing else was sent.
    await call('POST', `${owner}/webhooks/${hook.id}/ping`, user.session);
    await finishedDeliveries(owner, hook.id, user.session);
    expect(receivedAt('/ok/rollback').map((r) => JSON.parse(r.body).type)).toEqual(['ping']);
  });
});

describe('refused destinations', () => {
  it('follows no redirect to this machine or a private network', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    for (const path of ['to-localhost', 'to-private', 'to-loopback']) {
      const hook = await addHook(owner, user.session, { url: `${base}/${path}`, events: ['version.published'] });
      await call('POST', `${owner}/webhooks/${hook.id}/ping`, user.session);
      const [delivery] = await finishedDeliveries(owner, hook.id, user.session);
      expect(delivery, path).toMatchObject({ status: 'failed', attempts: 1, status_code: null });
      expect(delivery!.error, path).toMatch(/redirected|loopback|private/);
    }
    expect(receivedAt('/ok/redirected')).toEqual([]);
  });

  it('refuses at delivery a destination the rules no longer allow: loopback off the allow-list, localhost, http', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}`;
    const created = await addHook(owner, user.session, { url: `${base}/ok/late`, events: ['version.published'] });
    const [hook] = await ctx.database.db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.projectId, project.id));
    /** A delivery written without a job (so the worker leaves it alone), attempted here under `config`. */
    const attemptUnder = async (config: typeof ctx.config.webhooks) => {
      const id = Number(randomId());
      const payload = { type: 'ping', timestamp: new Date().toISOString(), data: { webhook_id: created.id, project: null, organization: null } };
      await ctx.database.db.insert(webhookDeliveries).values({ id, webhookId: hook!.id, messageId: `msg_${id}`, event: 'ping', payload: JSON.stringify(payload), manual: true });
      await attemptDelivery({ db: ctx.database.db, config, publicSiteUrl: 'https://cairn.test', queue: undefined }, { deliveryId: id });
      return (await deliveriesOf(owner, created.id, user.session)).find((d) => d.id === encodeBase62(id))!;
    };

    expect(await attemptUnder({ ...ctx.config.webhooks, allowHttp: false })).toMatchObject({ status: 'failed', attempts: 1, error: 'The URL must be an https URL' });
    expect(await attemptUnder({ ...ctx.config.webhooks, allowHosts: [] })).toMatchObject({ status: 'failed', error: 'The URL must not point at a loopback address' });
    await ctx.database.db.update(webhooks).set({ url: `http://localhost:${port}/ok/late` }).where(eq(webhooks.id, hook!.id));
    expect(await attemptUnder(ctx.config.webhooks)).toMatchObject({ status: 'failed', error: 'The URL must not point at this machine' });
    expect(receivedAt('/ok/late')).toEqual([]);

    // The same rules, met: it is sent.
    await ctx.database.db.update(webhooks).set({ url: `${base}/ok/late` }).where(eq(webhooks.id, hook!.id));
    expect(await attemptUnder(ctx.config.webhooks)).toMatchObject({ status: 'succeeded', status_code: 200 });
    expect(receivedAt('/ok/late')).toHaveLength(1);
  });
});

describe('authorization', () => {
  it('only accepted members who edit the details (and admins) manage hooks; others get 401, outsiders of hidden projects 404', async () => {
    const { user, project } = await creatorWithProject();
    const owner = `/v2/project/${project.key}/webhooks`;
    const hook = await addHook(`/v2/project/${project.key}`, user.session, { url: `${base}/ok/authz`, events: ['version.published'] });
    const stranger = await insertUserWithTokens(ctx.database.db);
    const moderator = await insertUserWithTokens(ctx.database.db, { role: 'moderator' });
    const admin = await insertUserWithTokens(ctx.database.db, { role: 'admin' });
    const uploader = await insertUserWithTokens(ctx.database.db);
    await addTeamMember(ctx.database.db, project.teamId, uploader.id, { permissions: PROJECT_PERMISSIONS.UPLOAD_VERSION });
    const noProjectScopes = await createPat(ctx.database.db, user.id, Number(BigInt(withoutRestricted(ALL_SCOPES)) & ~BigInt(scopeBits('PROJECT_READ', 'PROJECT_WRITE'))));

    expect((await call('GET', owner)).statusCode).toBe(401);
    for (const caller of [stranger, moderator, uploader]) {
      expect((await call('GET', owner, caller.session)).statusCode).toBe(401);
      expect((await call('POST', `${owner}/${hook.id}/ping`, caller.session)).statusCode).toBe(401);
    }
    expect((await call('GET', owner, noProjectScopes)).statusCode).toBe(401);
    expect((await call('GET', owner, user.pat)).statusCode).toBe(200);
    expect((await call('GET', owner, admin.session)).statusCode).toBe(200);

    const hidden = await insertProject(ctx.database.db, { ownerId: user.id, status: 'draft' });
    expect((await call('GET', `/v2/project/${hidden.key}/webhooks`, stranger.session)).statusCode).toBe(404);
    // A hook of another project is not found through this one.
    expect((await call('GET', `/v2/project/${hidden.key}/webhooks/${hook.id}`, user.session)).statusCode).toBe(404);
  });
});
