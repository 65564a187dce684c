import { generateKeyPairSync } from 'node:crypto';
import { multipart } from '../helpers/multipart.js';
import { jar, versionData } from '../helpers/versions.js';
import { zip } from '../helpers/zip.js';
import { encodeBase62, parseId, randomId } from '../../src/lib/ids.js';
import { notifications } from '../../src/db/schema/trust.js';
import { projectFollows, versionFiles, versions } from '../../src/db/schema/catalogue.js';
import { collectionProjects, collections } from '../../src/db/schema/collections.js';
import { pngBytes, type World } from './world.js';
import { insertOrganization, insertVersion } from '../factories/catalogue.js';
import { findProjectThreadId } from '../../src/modules/threads/threads.port.js';
import { payouts } from '../../src/db/schema/payouts.js';
import { projectTranslations, versionTranslations } from '../../src/db/schema/translations.js';
import { webhookDeliveries } from '../../src/db/schema/webhooks.js';
import { malwareFlags } from '../../src/db/schema/malware.js';
import { eq } from 'drizzle-orm';
import { serverMembers } from '../../src/db/schema/server-members.js';
import { serverSchedules } from '../../src/db/schema/server-schedules.js';
import { serverListings } from '../../src/db/schema/server-listings.js';
import { serverNodes } from '../../src/db/schema/servers.js';

export interface MatrixRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  payload?: object | Buffer | string;
  headers?: Record<string, string>;
}

type Expect = number | readonly number[];

/**
 * One route's row: the call (built against a fresh world for every caller) and what each caller
 * gets. Anonymous callers and tokens lacking the route's scopes are derived from the route's
 * declaration (required → 401; optional → as anonymous) unless `anonymous` says otherwise.
 */
export interface MatrixEntry {
  request(w: World): MatrixRequest | Promise<MatrixRequest>;
  owner?: Expect;
  stranger?: Expect;
  moderator?: Expect;
  /** Defaults to the moderator's expectation. */
  admin?: Expect;
  anonymous?: Expect;
  /** The call ends the caller's own credential or account: run it with callers made for it. */
  consumesCaller?: boolean;
  /** Outsiders may learn the hidden project's id from this route (see its row). */
  revealsProjectId?: boolean;
}

const fabricJar = () =>
  zip({ 'fabric.mod.json': JSON.stringify({ schemaVersion: 1, id: 'matrix', version: '1.0.0', name: 'Matrix', depends: { minecraft: '1.20.1' } }) });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const get = (url: string): MatrixRequest => ({ method: 'GET', url });
const send = (method: MatrixRequest['method'], url: string, payload?: object): MatrixRequest => ({ method, url, ...(payload ? { payload } : {}) });
const ids = (...values: string[]) => encodeURIComponent(JSON.stringify(values));
const image = async (method: MatrixRequest['method'], url: string): Promise<MatrixRequest> => ({ method, url, payload: await pngBytes(), headers: { 'content-type': 'image/png' } });
const upload = (method: MatrixRequest['method'], url: string, parts: Parameters<typeof multipart>[0]): MatrixRequest => {
  const body = multipart(parts);
  return { method, url, payload: body.payload, headers: body.headers };
};
/** Everyone may call it and gets the same answer. */
const everyone = (status: Expect) => ({ owner: status, stranger: status, moderator: status, anonymous: status });
/** Only the owner (and moderators, who act on any project) may. */
const teamOrModerator = (ok: Expect, refused: Expect) => ({ owner: ok, moderator: ok, stranger: refused });

/** An in-transit withdrawal of the world's owner, as its base62 id. */
async function ownerWithdrawal(w: World): Promise<string> {
  const id = Number(randomId());
  await w.ctx.database.db.insert(payouts).values({ id, userId: w.owner.id, amountCents: 1000, feeCents: 0, methodType: 'sandbox', methodId: 'sandbox', status: 'in-transit', idempotencyKey: `matrix-${id}` });
  return encodeBase62(id);
}

/** The world's version held in quarantine by a malware finding (as the scan leaves it), as its base62 id. */
async function quarantinedVersion(w: World): Promise<string> {
  const db = w.ctx.database.db;
  const [file] = await db.select({ id: versionFiles.id, filename: versionFiles.filename }).from(versionFiles).where(eq(versionFiles.versionId, w.version.id));
  await db.insert(malwareFlags).values({
    id: Number(randomId()),
    sha1: w.version.sha1,
    sha512: w.version.sha512,
    projectId: w.project.id,
    versionId: w.version.id,
    fileId: file!.id,
    fileName: file!.filename,
    findings: [{ rule: 'Cairn_Test', family: 'test', description: 'Matrix sample', path: '' }],
    rulesetVersion: 'sha256:matrix',
    previousStatus: 'listed',
  });
  await db.update(versions).set({ status: 'unknown' }).where(eq(versions.id, w.version.id));
  return w.version.key;
}

/** A notification of the world's owner (about its project's status), as its base62 id. */
async function ownerNotification(w: World): Promise<string> {
  const id = Number(randomId());
  await w.ctx.database.db.insert(notifications).values({ id, userId: w.owner.id, body: { type: 'status_change', project_id: w.project.key, old_status: 'draft', new_status: 'processing' } });
  return encodeBase62(id);
}

/** The world's owner follows the world's (draft) project. */
async function ownerFollows(w: World): Promise<void> {
  await w.ctx.database.db.insert(projectFollows).values({ userId: w.owner.id, projectId: w.project.id }).onConflictDoNothing();
}

/** A listed collection of the world's owner holding the world's (draft) project, as its base62 id. */
async function ownerCollection(w: World, status = 'listed'): Promise<string> {
  const id = Number(randomId());
  await w.ctx.database.db.insert(collections).values({ id, userId: w.owner.id, name: 'Matrix collection', status });
  await w.ctx.database.db.insert(collectionProjects).values({ collectionId: id, projectId: w.project.id });
  return encodeBase62(id);
}

async function ownerApp(w: World): Promise<{ id: string }> {
  const response = await w.ctx.app.inject({
    method: 'POST',
    url: '/v2/oauth/app',
    headers: { authorization: w.owner.session },
    payload: { name: 'Matrix App', max_scopes: 1, redirect_uris: ['https://matrix.test/cb'] },
  });
  return response.json<{ id: string }>();
}

async function ownerPatId(w: World): Promise<string> {
  const response = await w.ctx.app.inject({ method: 'GET', url: '/v2/pat', headers: { authorization: w.owner.session } });
  return response.json<{ id: string }[]>()[0]!.id;
}

async function ownerSessionId(w: World): Promise<string> {
  const response = await w.ctx.app.inject({ method: 'GET', url: '/v2/session/list', headers: { authorization: w.owner.session } });
  return response.json<{ id: string; current: boolean }[]>()[0]!.id;
}

async function galleryUrl(w: World): Promise<string> {
  const headers = { authorization: w.owner.session, 'content-type': 'image/png' };
  await w.ctx.app.inject({ method: 'POST', url: `/v2/project/${w.project.key}/gallery?ext=png&featured=false`, headers, payload: await pngBytes() });
  const project = await w.ctx.app.inject({ method: 'GET', url: `/v2/project/${w.project.key}`, headers: { authorization: w.owner.session } });
  return project.json<{ gallery: { url: string }[] }>().gallery[0]!.url;
}

/** A report the world's owner filed about its other member (the owner is the reporter). */
async function ownerReport(w: World): Promise<{ id: string; thread_id: string }> {
  const response = await w.ctx.app.inject({
    method: 'POST',
    url: '/v2/report',
    headers: { authorization: w.owner.session },
    payload: { report_type: 'spam', item_type: 'user', item_id: encodeBase62(w.member.id), body: 'Matrix report.' },
  });
  return response.json<{ id: string; thread_id: string }>();
}

/** The draft project's thread, with one message of its owner in it. */
async function ownerThreadMessage(w: World): Promise<{ threadId: string; messageId: string }> {
  const threadId = encodeBase62((await findProjectThreadId(w.ctx.database.db, w.project.id))!);
  const response = await w.ctx.app.inject({ method: 'POST', url: `/v2/thread/${threadId}`, headers: { authorization: w.owner.session }, payload: { body: { type: 'text', body: 'Hello moderators.' } } });
  return { threadId, messageId: response.json<{ messages: { id: string }[] }>().messages[0]!.id };
}

/** An organization of the world's owner (its only member, no projects: hidden from outsiders). */
async function ownerOrganization(w: World): Promise<string> {
  return encodeBase62((await insertOrganization(w.ctx.database.db, { ownerId: w.owner.id })).id);
}

/** The owner's organization after the owner moved the draft project into it. */
/** A webhook the world's owner added to `owner` (a project's or organization's path), and one finished delivery of it. */
async function ownerWebhook(w: World, owner: string): Promise<{ hook: string; delivery: string }> {
  const response = await w.ctx.app.inject({
    method: 'POST',
    url: `${owner}/webhooks`,
    headers: { authorization: w.owner.session },
    payload: { url: 'https://hooks.example.org/matrix', events: ['version.published'] },
  });
  const hook = response.json<{ id: string }>().id;
  const id = Number(randomId());
  const payload = { type: 'ping', timestamp: new Date().toISOString(), data: { webhook_id: hook, project: null, organization: null } };
  await w.ctx.database.db.insert(webhookDeliveries).values({ id, webhookId: parseId(hook)!, messageId: `msg_matrix${id}`, event: 'ping', payload: JSON.stringify(payload), status: 'succeeded', attempts: 1, statusCode: 200 });
  return { hook, delivery: encodeBase62(id) };
}

/**
 * Webhook routes of a project (the world's draft one) or an organization (the owner's hidden one):
 * the team's managers and admins; moderators see the owner but not its hooks (401); strangers do
 * not see it (404). Pings and "send again" answer 503 to those allowed: this app has no job queue.
 */
function webhookRows(kind: 'project' | 'organization'): Record<string, MatrixEntry> {
  const prefix = `/v2/${kind}/:id/webhooks`;
  const ownerPath = async (w: World) => (kind === 'project' ? `/v2/project/${w.project.key}` : `/v2/organization/${await ownerOrganization(w)}`);
  const allowed = (status: number) => ({ owner: status, stranger: 404, moderator: 401, admin: status });
  const withHook = (build: (owner: string, hook: { hook: string; delivery: string }) => MatrixRequest) => async (w: World) => {
    const owner = await ownerPath(w);
    return build(owner, await ownerWebhook(w, owner));
  };
  return {
    [`GET ${prefix}`]: { request: async (w) => get(`${await ownerPath(w)}/webhooks`), ...allowed(200) },
    [`POST ${prefix}`]: { request: async (w) => send('POST', `${await ownerPath(w)}/webhooks`, { url: 'https://hooks.example.org/new', events: ['version.published'] }), ...allowed(200) },
    [`GET ${prefix}/:hook`]: { request: withHook((owner, { hook }) => get(`${owner}/webhooks/${hook}`)), ...allowed(200) },
    [`PATCH ${prefix}/:hook`]: { request: withHook((owner, { hook }) => send('PATCH', `${owner}/webhooks/${hook}`, { enabled: false })), ...allowed(200) },
    [`DELETE ${prefix}/:hook`]: { request: withHook((owner, { hook }) => send('DELETE', `${owner}/webhooks/${hook}`)), ...allowed(204) },
    [`POST ${prefix}/:hook/secret`]: { request: withHook((owner, { hook }) => send('POST', `${owner}/webhooks/${hook}/secret`)), ...allowed(200) },
    [`POST ${prefix}/:hook/ping`]: { request: withHook((owner, { hook }) => send('POST', `${owner}/webhooks/${hook}/ping`)), ...allowed(503) },
    [`GET ${prefix}/:hook/deliveries`]: { request: withHook((owner, { hook }) => get(`${owner}/webhooks/${hook}/deliveries`)), ...allowed(200) },
    [`POST ${prefix}/:hook/deliveries/:delivery/resend`]: {
      request: withHook((owner, { hook, delivery }) => send('POST', `${owner}/webhooks/${hook}/deliveries/${delivery}/resend`)),
      ...allowed(503),
    },
  };
}

async function ownerOrganizationWithProject(w: World): Promise<string> {
  const organization = await ownerOrganization(w);
  await w.ctx.app.inject({ method: 'POST', url: `/v2/organization/${organization}/projects`, headers: { authorization: w.owner.session }, payload: { project_id: w.project.key } });
  return organization;
}

/** A visa card saved by the world's owner through the billing API and the sandbox (its id). */
async function ownerCard(w: World): Promise<string> {
  const setup = (await w.ctx.app.inject({ method: 'POST', url: '/v2/billing/payment_method', headers: { ...setUp, authorization: w.owner.session } })).json<{ setup_id: string; client_secret: string }>();
  const response = await fetch(`${w.ctx.sandbox.url}/v1/setups/${setup.setup_id}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_secret: setup.client_secret, card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' } }),
  });
  return (await response.json() as { payment_method: string }).payment_method;
}

/** The owner's paid Plus subscription: its id and its succeeded charge's id. */
async function ownerSubscription(w: World): Promise<{ subscriptionId: string; chargeId: string }> {
  const card = await ownerCard(w);
  const products = (await w.ctx.app.inject({ method: 'GET', url: '/v2/billing/products' })).json<Array<{ id: string; metadata: { type: string } }>>();
  const plus = products.find((p) => p.metadata.type === 'midas')!;
  const paid = (
    await w.ctx.app.inject({ method: 'POST', url: '/v2/billing/payment', headers: { authorization: w.owner.session }, payload: { payment_method_id: card, charge: { type: 'new', product_id: plus.id } } })
  ).json<{ charge_id: string }>();
  const subs = (await w.ctx.app.inject({ method: 'GET', url: '/v2/billing/subscriptions', headers: { authorization: w.owner.session } })).json<Array<{ subscription: { id: string } }>>();
  return { subscriptionId: subs[0]!.subscription.id, chargeId: paid.charge_id };
}

/** Keyed by "METHOD /v2/route/:param" (or /v3/…) exactly as the route is declared. */
/** The matrix's rate-limit bypass key: set-up requests (buying servers, cards…) are not what is measured. */
export const MATRIX_BYPASS_KEY = 'authorization-matrix-bypass-key';
const setUp = { 'x-ratelimit-key': MATRIX_BYPASS_KEY };

export const AUTHORIZATION_MATRIX: Record<string, MatrixEntry> = {
  // Tags: public reference data.
  'GET /v2/tag/category': { request: () => get('/v2/tag/category'), ...everyone(200) },
  'GET /v2/tag/loader': { request: () => get('/v2/tag/loader'), ...everyone(200) },
  'GET /v2/tag/game_version': { request: () => get('/v2/tag/game_version'), ...everyone(200) },
  'GET /v2/tag/license': { request: () => get('/v2/tag/license'), ...everyone(200) },
  'GET /v2/tag/license/:id': { request: () => get('/v2/tag/license/MIT'), ...everyone(200) },
  'GET /v2/tag/donation_platform': { request: () => get('/v2/tag/donation_platform'), ...everyone(200) },
  'GET /v2/tag/report_type': { request: () => get('/v2/tag/report_type'), ...everyone(200) },
  'GET /v2/tag/project_type': { request: () => get('/v2/tag/project_type'), ...everyone(200) },
  'GET /v2/tag/side_type': { request: () => get('/v2/tag/side_type'), ...everyone(200) },
  'GET /v2/statistics': { request: () => get('/v2/statistics'), ...everyone(200) },
  'GET /v2/search': { request: () => get('/v2/search'), ...everyone(200) },
  // Atom feeds (docs/api/feeds.md): public and anonymous, so the team's draft project and private collection have none, even for them.
  'GET /v2/search/feed.atom': { request: () => get('/v2/search/feed.atom'), ...everyone(200) },
  'GET /v2/project/:id/feed.atom': { request: (w) => get(`/v2/project/${w.project.key}/feed.atom`), ...everyone(404) },
  'GET /v2/user/:id/feed.atom': { request: (w) => get(`/v2/user/${w.ownerKey}/feed.atom`), ...everyone(200) },
  'GET /v2/collection/:id/feed.atom': { request: async (w) => get(`/v2/collection/${await ownerCollection(w, 'private')}/feed.atom`), ...everyone(404) },

  // Personal access tokens: one's own only.
  'GET /v2/pat': { request: () => get('/v2/pat'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/pat': { request: () => send('POST', '/v2/pat', { name: 'Matrix', scopes: 1, expires: new Date(Date.now() + 86_400_000).toISOString() }), owner: 200, stranger: 200, moderator: 200 },
  'PATCH /v2/pat/:id': { request: async (w) => send('PATCH', `/v2/pat/${await ownerPatId(w)}`, { name: 'Renamed' }), owner: 204, stranger: 404, moderator: 404 },
  'DELETE /v2/pat/:id': { request: async (w) => send('DELETE', `/v2/pat/${await ownerPatId(w)}`), owner: 204, stranger: 404, moderator: 404 },

  // OAuth applications and the authorization flow.
  'POST /v2/oauth/app': { request: () => send('POST', '/v2/oauth/app', { name: 'Matrix App', max_scopes: 1, redirect_uris: ['https://matrix.test/cb'] }), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/oauth/app/:id': { request: async (w) => get(`/v2/oauth/app/${(await ownerApp(w)).id}`), ...everyone(200) },
  'PATCH /v2/oauth/app/:id': { request: async (w) => send('PATCH', `/v2/oauth/app/${(await ownerApp(w)).id}`, { name: 'Renamed App' }), owner: 204, stranger: 401, moderator: 204 },
  'DELETE /v2/oauth/app/:id': { request: async (w) => send('DELETE', `/v2/oauth/app/${(await ownerApp(w)).id}`), owner: 204, stranger: 401, moderator: 204 },
  'GET /v2/oauth/apps': { request: async (w) => get(`/v2/oauth/apps?ids=${ids((await ownerApp(w)).id)}`), ...everyone(200) },
  'GET /v2/user/:id/oauth_apps': { request: (w) => get(`/v2/user/${w.ownerKey}/oauth_apps`), owner: 200, stranger: 401, moderator: 200 },
  'PATCH /v2/oauth/app/:id/icon': { request: async (w) => image('PATCH', `/v2/oauth/app/${(await ownerApp(w)).id}/icon?ext=png`), owner: 204, stranger: 401, moderator: 204 },
  'DELETE /v2/oauth/app/:id/icon': { request: async (w) => send('DELETE', `/v2/oauth/app/${(await ownerApp(w)).id}/icon`), owner: 204, stranger: 401, moderator: 204 },
  'GET /v2/oauth/authorize': {
    request: async (w) => get(`/v2/oauth/authorize?client_id=${(await ownerApp(w)).id}&redirect_uri=${encodeURIComponent('https://matrix.test/cb')}&scope=USER_READ`),
    owner: 200,
    stranger: 200,
    moderator: 200,
  },
  'POST /v2/oauth/accept': { request: () => send('POST', '/v2/oauth/accept', { flow: 'not-a-flow' }), owner: 400, stranger: 400, moderator: 400 },
  'POST /v2/oauth/reject': { request: () => send('POST', '/v2/oauth/reject', { flow: 'not-a-flow' }), owner: 400, stranger: 400, moderator: 400 },
  'POST /v2/oauth/token': { request: () => send('POST', '/v2/oauth/token', { grant_type: 'authorization_code', code: 'nope', redirect_uri: 'https://matrix.test/cb', client_id: 'AAAAAAAA' }), ...everyone(400) },
  'GET /v2/oauth/authorizations': { request: () => get('/v2/oauth/authorizations'), owner: 200, stranger: 200, moderator: 200 },
  // Nobody has authorized the fresh app: revoking finds nothing, whoever asks.
  'DELETE /v2/oauth/authorizations': { request: async (w) => send('DELETE', `/v2/oauth/authorizations?client_id=${(await ownerApp(w)).id}`), owner: 404, stranger: 404, moderator: 404 },

  // Accounts and sign-in.
  'POST /v2/auth/create': { request: () => send('POST', '/v2/auth/create', { username: `new_${Math.random().toString(36).slice(2, 9)}`, password: 'correct horse battery staple 91', email: `m${Math.random().toString(36).slice(2, 9)}@example.test` }), ...everyone(200) },
  'POST /v2/auth/create/validate': { request: () => send('POST', '/v2/auth/create/validate', { username: `new_${Math.random().toString(36).slice(2, 9)}`, password: 'correct horse battery staple 91', email: `v${Math.random().toString(36).slice(2, 9)}@example.test` }), ...everyone(204) },
  'POST /v2/auth/login': { request: (w) => send('POST', '/v2/auth/login', { username: w.owner.username, password: 'not the password' }), ...everyone(401) },
  'POST /v2/auth/login/2fa': { request: () => send('POST', '/v2/auth/login/2fa', { code: '123456', flow: 'not-a-flow' }), ...everyone(400) },
  'POST /v2/auth/2fa/get_secret': { request: () => send('POST', '/v2/auth/2fa/get_secret'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/auth/2fa': { request: () => send('POST', '/v2/auth/2fa', { code: '123456', flow: 'not-a-flow' }), owner: 400, stranger: 400, moderator: 400 },
  'DELETE /v2/auth/2fa': { request: () => send('DELETE', '/v2/auth/2fa', { code: '123456' }), owner: 400, stranger: 400, moderator: 400 },
  'POST /v2/auth/password/reset': { request: (w) => send('POST', '/v2/auth/password/reset', { email: w.owner.email }), ...everyone(200) },
  // The callers have no password yet, so a signed-in caller sets one (and other sessions end).
  'PATCH /v2/auth/password': { request: () => send('PATCH', '/v2/auth/password', { old_password: 'wrong password here', new_password: 'another long passphrase 42' }), owner: 204, stranger: 204, moderator: 204, anonymous: 401, consumesCaller: true },
  'PATCH /v2/auth/email': { request: () => send('PATCH', '/v2/auth/email', { email: `changed_${Math.random().toString(36).slice(2, 9)}@example.test` }), owner: 204, stranger: 204, moderator: 204, consumesCaller: true },
  'POST /v2/auth/email/resend_verify': { request: () => send('POST', '/v2/auth/email/resend_verify'), owner: 400, stranger: 400, moderator: 400 },
  'POST /v2/auth/email/verify': { request: () => send('POST', '/v2/auth/email/verify', { flow: 'not-a-flow' }), ...everyone(400) },
  'POST /v2/auth/email/subscribe': { request: () => send('POST', '/v2/auth/email/subscribe'), owner: 204, stranger: 204, moderator: 204 },
  'DELETE /v2/auth/email/subscribe': { request: () => send('DELETE', '/v2/auth/email/subscribe'), owner: 204, stranger: 204, moderator: 204 },
  'GET /v2/auth/captcha': { request: () => get('/v2/auth/captcha'), ...everyone(200) },
  'GET /v2/auth/providers': { request: () => get('/v2/auth/providers'), ...everyone(200) },
  'GET /v2/auth/init': { request: () => get(`/v2/auth/init?provider=nowhere&url=${encodeURIComponent('http://localhost/')}`), ...everyone(400) },
  'POST /v2/auth/provider': { request: () => send('POST', '/v2/auth/provider', { provider: 'nowhere', url: 'http://localhost/' }), owner: 400, stranger: 400, moderator: 400 },
  'DELETE /v2/auth/provider': { request: () => send('DELETE', '/v2/auth/provider', { provider: 'nowhere' }), owner: 400, stranger: 400, moderator: 400 },
  'GET /v2/auth/callback': { request: () => get('/v2/auth/callback?state=nope&code=nope'), ...everyone(400) },

  // Sessions: one's own only.
  'GET /v2/session/list': { request: () => get('/v2/session/list'), owner: 200, stranger: 200, moderator: 200 },
  'DELETE /v2/session/:id': { request: async (w) => send('DELETE', `/v2/session/${await ownerSessionId(w)}`), owner: 204, stranger: 404, moderator: 404, consumesCaller: true },
  'DELETE /v2/session': { request: () => send('DELETE', '/v2/session'), owner: 204, stranger: 204, moderator: 204, consumesCaller: true },
  'POST /v2/session/refresh': { request: () => send('POST', '/v2/session/refresh'), owner: 200, stranger: 200, moderator: 200, anonymous: 401, consumesCaller: true },

  // Users.
  'GET /v2/user': { request: () => get('/v2/user'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/session/user': { request: () => get('/v2/session/user'), ...everyone(200) },
  'GET /v2/user/:id': { request: (w) => get(`/v2/user/${w.ownerKey}`), ...everyone(200) },
  // Moderators may edit any profile (not roles); only admins delete or list another's follows.
  'PATCH /v2/user/:id': { request: (w) => send('PATCH', `/v2/user/${w.ownerKey}`, { bio: 'Edited by the matrix' }), owner: 204, stranger: 401, moderator: 204 },
  'DELETE /v2/user/:id': { request: (w) => send('DELETE', `/v2/user/${w.ownerKey}`), owner: 204, stranger: 401, moderator: 401, admin: 204, consumesCaller: true },
  'GET /v2/users': { request: (w) => get(`/v2/users?ids=${ids(w.ownerKey)}`), ...everyone(200) },
  'PATCH /v2/user/:id/icon': { request: (w) => image('PATCH', `/v2/user/${w.ownerKey}/icon?ext=png`), owner: 204, stranger: 401, moderator: 204 },
  'DELETE /v2/user/:id/icon': { request: (w) => send('DELETE', `/v2/user/${w.ownerKey}/icon`), owner: 204, stranger: 401, moderator: 204 },
  'GET /v2/user/:id/projects': { request: (w) => get(`/v2/user/${w.ownerKey}/projects`), ...everyone(200) },
  'GET /v2/user/:id/follows': { request: (w) => get(`/v2/user/${w.ownerKey}/follows`), owner: 200, stranger: 401, moderator: 401, admin: 200 },
  'GET /v2/user/:id/follow_filters': { request: (w) => get(`/v2/user/${w.ownerKey}/follow_filters`), owner: 200, stranger: 401, moderator: 401, admin: 200 },
  'GET /v2/user/:id/notification_settings': { request: (w) => get(`/v2/user/${w.ownerKey}/notification_settings`), owner: 200, stranger: 401, moderator: 401, admin: 200 },
  'PATCH /v2/user/:id/notification_settings': {
    request: (w) => send('PATCH', `/v2/user/${w.ownerKey}/notification_settings`, { email_digest: 'weekly' }),
    owner: 200,
    stranger: 401,
    moderator: 401,
    admin: 200,
  },

  // Projects (the world's project is a draft: only its team and moderators see it).
  'GET /v2/project/:id': { request: (w) => get(`/v2/project/${w.project.key}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'PATCH /v2/project/:id': { request: (w) => send('PATCH', `/v2/project/${w.project.key}`, { title: 'Matrix title' }), ...teamOrModerator(204, 404) },
  'GET /v2/project/:id/translations': { request: (w) => get(`/v2/project/${w.project.key}/translations`), ...teamOrModerator(200, 404) },
  'PUT /v2/project/:id/translations/:language': {
    request: (w) => send('PUT', `/v2/project/${w.project.key}/translations/de-DE`, { summary: 'Matrix Zusammenfassung', description: 'Matrix Beschreibung' }),
    ...teamOrModerator(200, 404),
  },
  'DELETE /v2/project/:id/translations/:language': {
    request: async (w) => {
      await w.ctx.database.db.insert(projectTranslations).values({ projectId: w.project.id, language: 'de-DE', summary: 'Matrix', description: 'Matrix' });
      return send('DELETE', `/v2/project/${w.project.key}/translations/de-DE`);
    },
    ...teamOrModerator(204, 404),
  },
  'DELETE /v2/project/:id': { request: (w) => send('DELETE', `/v2/project/${w.project.key}`), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'GET /v2/projects': { request: (w) => get(`/v2/projects?ids=${ids(w.project.key)}`), ...everyone(200) },
  'PATCH /v2/projects': { request: (w) => send('PATCH', `/v2/projects?ids=${ids(w.project.key)}`, { add_categories: ['magic'] }), ...teamOrModerator(204, 404) },
  'GET /v2/projects_random': { request: () => get('/v2/projects_random?count=10'), ...everyone(200) },
  'POST /v2/project': {
    request: () =>
      upload('POST', '/v2/project', [
        {
          name: 'data',
          data: JSON.stringify({ slug: `m-${Math.random().toString(36).slice(2, 10)}`, title: 'Matrix Project', description: 'Made by the matrix.', body: 'Text', categories: [], client_side: 'required', server_side: 'optional', license_id: 'MIT', is_draft: true, initial_versions: [] }),
        },
      ]),
    owner: 200,
    stranger: 200,
    moderator: 200,
  },
  // Slug availability: a taken slug is taken whoever holds it, so the check answers for hidden projects too.
  'GET /v2/project/:id/check': { request: (w) => get(`/v2/project/${w.project.key}/check`), ...everyone(200), revealsProjectId: true },
  'PATCH /v2/project/:id/icon': { request: (w) => image('PATCH', `/v2/project/${w.project.key}/icon?ext=png`), ...teamOrModerator(204, 404) },
  'DELETE /v2/project/:id/icon': { request: (w) => send('DELETE', `/v2/project/${w.project.key}/icon`), ...teamOrModerator(204, 404) },
  'POST /v2/project/:id/gallery': { request: (w) => image('POST', `/v2/project/${w.project.key}/gallery?ext=png&featured=true`), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'PATCH /v2/project/:id/gallery': { request: async (w) => send('PATCH', `/v2/project/${w.project.key}/gallery?url=${encodeURIComponent(await galleryUrl(w))}&title=Shot`), ...teamOrModerator(204, 404) },
  'DELETE /v2/project/:id/gallery': { request: async (w) => send('DELETE', `/v2/project/${w.project.key}/gallery?url=${encodeURIComponent(await galleryUrl(w))}`), ...teamOrModerator(204, 404) },
  // A draft cannot be scheduled by its team (only approved projects can); moderators may.
  'POST /v2/project/:id/schedule': { request: (w) => send('POST', `/v2/project/${w.project.key}/schedule`, { time: inAnHour(), requested_status: 'approved' }), owner: 401, stranger: 404, moderator: 204 },
  'GET /v2/project/:id/dependencies': { request: (w) => get(`/v2/project/${w.project.key}/dependencies`), ...teamOrModerator(200, 404), anonymous: 404 },
  'POST /v2/project/:id/follow': { request: (w) => send('POST', `/v2/project/${w.project.key}/follow`), ...teamOrModerator(204, 404) },
  'DELETE /v2/project/:id/follow': { request: (w) => send('DELETE', `/v2/project/${w.project.key}/follow`), ...teamOrModerator(400, 404) },
  // One's own follow of a project one may see: the owner follows the draft; moderators see it but do not follow it.
  'GET /v2/project/:id/follow': { request: async (w) => (await ownerFollows(w), get(`/v2/project/${w.project.key}/follow`)), owner: 200, stranger: 404, moderator: 404 },
  'PATCH /v2/project/:id/follow': {
    request: async (w) => (await ownerFollows(w), send('PATCH', `/v2/project/${w.project.key}/follow`, { loaders: ['fabric'] })),
    owner: 200,
    stranger: 404,
    moderator: 404,
  },
  'GET /v2/project/:id/members': { request: (w) => get(`/v2/project/${w.project.key}/members`), ...teamOrModerator(200, 404), anonymous: 404 },

  // Teams.
  'GET /v2/team/:id/members': { request: (w) => get(`/v2/team/${w.project.teamKey}/members`), ...teamOrModerator(200, 404), anonymous: 404 },
  'POST /v2/team/:id/members': { request: async (w) => send('POST', `/v2/team/${w.project.teamKey}/members`, { user_id: encodeBase62(w.stranger.id) }), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'GET /v2/teams': { request: (w) => get(`/v2/teams?ids=${ids(w.project.teamKey)}`), ...everyone(200) },
  'POST /v2/team/:id/join': { request: (w) => send('POST', `/v2/team/${w.project.teamKey}/join`), owner: 400, stranger: 404, moderator: 400 },
  'PATCH /v2/team/:id/members/:user': { request: (w) => send('PATCH', `/v2/team/${w.project.teamKey}/members/${encodeBase62(w.member.id)}`, { role: 'Artist' }), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'DELETE /v2/team/:id/members/:user': { request: (w) => send('DELETE', `/v2/team/${w.project.teamKey}/members/${encodeBase62(w.member.id)}`), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'PATCH /v2/team/:id/owner': { request: (w) => send('PATCH', `/v2/team/${w.project.teamKey}/owner`, { user_id: encodeBase62(w.member.id) }), owner: 204, stranger: 404, moderator: 401, admin: 204 },

  // Versions (listed, but inside the draft project: hidden like it).
  'GET /v2/project/:id/version': { request: (w) => get(`/v2/project/${w.project.key}/version`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v2/project/:id/version/:version': { request: (w) => get(`/v2/project/${w.project.key}/version/${w.version.key}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v2/project/:id/compare': {
    request: async (w) => {
      const later = await insertVersion(w.ctx.database.db, { projectId: w.project.id, authorId: w.owner.id, datePublished: new Date(Date.now() + 60_000) });
      return get(`/v2/project/${w.project.key}/compare?from=${w.version.key}&to=${later.key}`);
    },
    ...teamOrModerator(200, 404),
    anonymous: 404,
  },
  'GET /v2/version/:id': { request: (w) => get(`/v2/version/${w.version.key}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'PATCH /v2/version/:id': { request: (w) => send('PATCH', `/v2/version/${w.version.key}`, { name: 'Matrix version' }), ...teamOrModerator(204, 404) },
  'GET /v2/version/:id/translations': { request: (w) => get(`/v2/version/${w.version.key}/translations`), ...teamOrModerator(200, 404) },
  'PUT /v2/version/:id/translations/:language': { request: (w) => send('PUT', `/v2/version/${w.version.key}/translations/de-DE`, { changelog: 'Matrix Änderungen' }), ...teamOrModerator(200, 404) },
  'DELETE /v2/version/:id/translations/:language': {
    request: async (w) => {
      await w.ctx.database.db.insert(versionTranslations).values({ versionId: w.version.id, language: 'de-DE', changelog: 'Matrix' });
      return send('DELETE', `/v2/version/${w.version.key}/translations/de-DE`);
    },
    ...teamOrModerator(204, 404),
  },
  'DELETE /v2/version/:id': { request: (w) => send('DELETE', `/v2/version/${w.version.key}`), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'GET /v2/versions': { request: (w) => get(`/v2/versions?ids=${ids(w.version.key)}`), ...everyone(200) },
  'POST /v2/version': {
    request: (w) => {
      const data = versionData(w.project.key, { version_number: `9.${Math.floor(Math.random() * 1e6)}` });
      return upload('POST', '/v2/version', [{ name: 'data', data: JSON.stringify(data) }, { name: 'file', filename: 'matrix.jar', data: jar('matrix') }]);
    },
    // Moderators hold UPLOAD_VERSION on every project; a hidden project is unknown to strangers.
    owner: 200,
    stranger: 400,
    moderator: 200,
  },
  'POST /v2/version/:id/file': {
    request: (w) => upload('POST', `/v2/version/${w.version.key}/file`, [{ name: 'data', data: '{}' }, { name: 'extra', filename: 'extra.jar', data: jar('extra') }]),
    owner: 204,
    stranger: 404,
    moderator: 204,
  },
  'POST /v2/version/:id/schedule': { request: (w) => send('POST', `/v2/version/${w.version.key}/schedule`, { time: inAnHour(), requested_status: 'listed' }), ...teamOrModerator(204, 404) },
  'POST /v2/image': {
    request: async (w) => ({ ...(await image('POST', `/v2/image?ext=png&context=project&project_id=${w.project.key}`)) }),
    // Images for a project's text: its team and moderators (EDIT_BODY); the hidden project is unknown to others.
    ...teamOrModerator(200, 400),
  },
  // Public, no scope: every caller, administrators included, is refused an address of this host.
  'GET /v2/image-proxy': { request: () => get(`/v2/image-proxy?url=${encodeURIComponent('http://127.0.0.1:9/a.png')}`), ...everyone(403) },
  'POST /v2/version/infer': {
    request: (w) => upload('POST', `/v2/version/infer?project_id=${w.project.key}`, [{ name: 'file', filename: 'fabric.jar', data: fabricJar() }]),
    // Reading a file needs an account; a hidden project named in the query is unknown to strangers.
    owner: 200,
    stranger: 400,
    moderator: 200,
  },
  'GET /v2/version_file/:hash': { request: (w) => get(`/v2/version_file/${w.version.sha1}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'DELETE /v2/version_file/:hash': {
    request: async (w) => {
      const extra = upload('POST', `/v2/version/${w.version.key}/file`, [{ name: 'data', data: '{}' }, { name: 'extra', filename: 'extra.jar', data: jar('second') }]);
      await w.ctx.app.inject({ ...extra, headers: { ...extra.headers, authorization: w.owner.session } });
      return send('DELETE', `/v2/version_file/${w.version.sha1}`);
    },
    owner: 204,
    stranger: 404,
    moderator: 401,
    admin: 204,
  },
  'GET /v2/version_file/:hash/download': { request: (w) => get(`/v2/version_file/${w.version.sha1}/download`), ...teamOrModerator(307, 404), anonymous: 404 },
  'POST /v2/version_file/:hash/update': { request: (w) => send('POST', `/v2/version_file/${w.version.sha1}/update`, { loaders: ['fabric'], game_versions: ['1.20.1'] }), ...teamOrModerator(200, 404), anonymous: 404 },
  'POST /v2/version_files': { request: (w) => send('POST', '/v2/version_files', { hashes: [w.version.sha1], algorithm: 'sha1' }), ...everyone(200) },
  'POST /v2/version_files/update': { request: (w) => send('POST', '/v2/version_files/update', { hashes: [w.version.sha1], algorithm: 'sha1', loaders: ['fabric'], game_versions: ['1.20.1'] }), ...everyone(200) },
  'POST /v2/version_files/update_individual': {
    request: (w) => send('POST', '/v2/version_files/update_individual', { algorithm: 'sha1', hashes: [{ hash: w.version.sha1, loaders: ['fabric'], game_versions: ['1.20.1'] }] }),
    ...everyone(200),
  },
  'POST /v2/version_file/project': { request: (w) => send('POST', '/v2/version_file/project', { hashes: [w.version.sha1], algorithm: 'sha1' }), ...everyone(200) },
  // A bulk read: what the caller may not see is answered as not found, never refused.
  'POST /v2/dependency_plan': { request: (w) => send('POST', '/v2/dependency_plan', { hashes: [w.version.sha1], projects: [w.project.key], loader: 'fabric', game_version: '1.20.1' }), ...everyone(200) },
  // The reference answers an unknown (or hidden) project here with a 400, and launchers expect it.
  'GET /v2/updates/:id/forge_updates.json': { request: (w) => get(`/v2/updates/${w.project.key}/forge_updates.json`), ...teamOrModerator(200, 400), anonymous: 400 },

  // Moderation (issue 12): the queue and review locks are for moderators (admin-only where stated), the
  // decisions log is public, a project's queue place is its team's, the e-mail lookup is for admins.
  'GET /v2/moderation/projects': { request: () => get('/v2/moderation/projects'), owner: 401, stranger: 401, moderator: 200 },
  'POST /v2/moderation/lock/:project': { request: (w) => send('POST', `/v2/moderation/lock/${w.project.key}`), owner: 401, stranger: 401, moderator: 200 },
  'POST /v2/moderation/lock/:project/override': { request: (w) => send('POST', `/v2/moderation/lock/${w.project.key}/override`), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'GET /v2/moderation/lock/:project': { request: (w) => get(`/v2/moderation/lock/${w.project.key}`), owner: 401, stranger: 401, moderator: 200 },
  'DELETE /v2/moderation/lock/:project': { request: (w) => send('DELETE', `/v2/moderation/lock/${w.project.key}`), owner: 401, stranger: 401, moderator: 200 },
  'DELETE /v2/moderation/locks': { request: () => send('DELETE', '/v2/moderation/locks'), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'GET /v2/moderation/log': { request: () => get('/v2/moderation/log'), ...everyone(200) },
  'GET /v2/project/:id/queue': { request: (w) => get(`/v2/project/${w.project.key}/queue`), ...teamOrModerator(200, 404) },
  // Review pre-checks (issue 41): the team that may submit the project (EDIT_DETAILS) and moderators.
  'GET /v2/project/:id/review_checks': { request: (w) => get(`/v2/project/${w.project.key}/review_checks`), ...teamOrModerator(200, 404) },
  'GET /v2/user_email': { request: (w) => get(`/v2/user_email?email=${encodeURIComponent(w.owner.email)}`), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  
  // Notifications: the owner's own; admins may read anyone's (moderators may not). Someone else's
  // single notification is unknown on reads (404) and refused on writes (401); bulk calls skip it.
  'GET /v2/user/:id/notifications': { request: (w) => get(`/v2/user/${w.ownerKey}/notifications`), owner: 200, stranger: 401, moderator: 401, admin: 200 },
  'GET /v2/notification/:id': { request: async (w) => get(`/v2/notification/${await ownerNotification(w)}`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'PATCH /v2/notification/:id': { request: async (w) => send('PATCH', `/v2/notification/${await ownerNotification(w)}`), owner: 204, stranger: 401, moderator: 401, admin: 204 },
  'DELETE /v2/notification/:id': { request: async (w) => send('DELETE', `/v2/notification/${await ownerNotification(w)}`), owner: 204, stranger: 401, moderator: 401, admin: 204 },
  'GET /v2/notifications': { request: async (w) => get(`/v2/notifications?ids=${ids(await ownerNotification(w))}`), owner: 200, stranger: 200, moderator: 200 },
  'PATCH /v2/notifications': { request: async (w) => send('PATCH', `/v2/notifications?ids=${ids(await ownerNotification(w))}`), owner: 204, stranger: 204, moderator: 204 },
  'DELETE /v2/notifications': { request: async (w) => send('DELETE', `/v2/notifications?ids=${ids(await ownerNotification(w))}`), owner: 204, stranger: 204, moderator: 204 },

  // Reports and threads (issue 12): the owner is the reporter of its report; the draft project's thread is its team's.
  'POST /v2/report': { request: (w) => send('POST', '/v2/report', { report_type: 'spam', item_type: 'user', item_id: encodeBase62(w.member.id), body: 'Spam.' }), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/report': { request: () => get('/v2/report?all=true'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/report/:id': { request: async (w) => get(`/v2/report/${(await ownerReport(w)).id}`), owner: 200, stranger: 404, moderator: 200 },
  'PATCH /v2/report/:id': { request: async (w) => send('PATCH', `/v2/report/${(await ownerReport(w)).id}`, { body: 'More details.' }), owner: 204, stranger: 404, moderator: 204 },
  'DELETE /v2/report/:id': { request: async (w) => send('DELETE', `/v2/report/${(await ownerReport(w)).id}`), owner: 401, stranger: 401, moderator: 204 },
  'GET /v2/reports': { request: async (w) => get(`/v2/reports?ids=${ids((await ownerReport(w)).id)}`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/thread/:id': { request: async (w) => get(`/v2/thread/${(await ownerThreadMessage(w)).threadId}`), ...teamOrModerator(200, 404) },
  'POST /v2/thread/:id': { request: async (w) => send('POST', `/v2/thread/${(await ownerThreadMessage(w)).threadId}`, { body: { type: 'text', body: 'Hi.' } }), ...teamOrModerator(200, 404) },
  'GET /v2/threads': { request: async (w) => get(`/v2/threads?ids=${ids((await ownerThreadMessage(w)).threadId)}`), owner: 200, stranger: 200, moderator: 200 },
  'DELETE /v2/message/:id': { request: async (w) => send('DELETE', `/v2/message/${(await ownerThreadMessage(w)).messageId}`), ...teamOrModerator(204, 404) },

  // Organizations (issue 13): the owner's organization has one member and no public project, so outsiders do not see it.
  'POST /v2/organization': { request: () => send('POST', '/v2/organization', { slug: `org-${Math.random().toString(36).slice(2, 9)}`, name: 'Matrix Org', description: 'Made by the matrix.' }), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/organization/:id': { request: async (w) => get(`/v2/organization/${await ownerOrganization(w)}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v2/organizations': { request: async (w) => get(`/v2/organizations?ids=${ids(await ownerOrganization(w))}`), ...everyone(200) },
  'PATCH /v2/organization/:id': { request: async (w) => send('PATCH', `/v2/organization/${await ownerOrganization(w)}`, { description: 'Edited by the matrix.' }), ...teamOrModerator(204, 404) },
  'DELETE /v2/organization/:id': { request: async (w) => send('DELETE', `/v2/organization/${await ownerOrganization(w)}`), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'PATCH /v2/organization/:id/icon': { request: async (w) => image('PATCH', `/v2/organization/${await ownerOrganization(w)}/icon?ext=png`), ...teamOrModerator(204, 404) },
  'DELETE /v2/organization/:id/icon': { request: async (w) => send('DELETE', `/v2/organization/${await ownerOrganization(w)}/icon`), ...teamOrModerator(204, 404) },
  'GET /v2/organization/:id/members': { request: async (w) => get(`/v2/organization/${await ownerOrganization(w)}/members`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v2/organization/:id/projects': { request: async (w) => get(`/v2/organization/${await ownerOrganizationWithProject(w)}/projects`), ...teamOrModerator(200, 404), anonymous: 404 },
  // Only the project's owner (or an admin) moves it in; moderators may add projects but own none.
  'POST /v2/organization/:id/projects': { request: async (w) => send('POST', `/v2/organization/${await ownerOrganization(w)}/projects`, { project_id: w.project.key }), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'DELETE /v2/organization/:id/projects/:project': { request: async (w) => send('DELETE', `/v2/organization/${await ownerOrganizationWithProject(w)}/projects/${w.project.key}`, { new_owner: w.ownerKey }), owner: 204, stranger: 404, moderator: 401, admin: 204 },
  'GET /v2/user/:id/organizations': { request: (w) => get(`/v2/user/${w.ownerKey}/organizations`), ...everyone(200) },
  'GET /v2/project/:id/organization': {
    request: async (w) => {
      await ownerOrganizationWithProject(w);
      return get(`/v2/project/${w.project.key}/organization`);
    },
    ...teamOrModerator(200, 404),
    anonymous: 404,
  },
  // Collections (issue 13): the owner's collection is private, so outsiders get 404 on reads and writes alike.
  'POST /v2/collection': { request: () => send('POST', '/v2/collection', { name: 'Matrix list' }), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/collection/:id': { request: async (w) => get(`/v2/collection/${await ownerCollection(w, 'private')}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v2/collections': { request: async (w) => get(`/v2/collections?ids=${ids(await ownerCollection(w, 'private'))}`), ...everyone(200) },
  'PATCH /v2/collection/:id': { request: async (w) => send('PATCH', `/v2/collection/${await ownerCollection(w, 'private')}`, { name: 'Renamed list' }), ...teamOrModerator(204, 404) },
  'PATCH /v2/collection/:id/icon': { request: async (w) => image('PATCH', `/v2/collection/${await ownerCollection(w, 'private')}/icon?ext=png`), ...teamOrModerator(204, 404) },
  'DELETE /v2/collection/:id/icon': { request: async (w) => send('DELETE', `/v2/collection/${await ownerCollection(w, 'private')}/icon`), ...teamOrModerator(204, 404) },
  'DELETE /v2/collection/:id': { request: async (w) => send('DELETE', `/v2/collection/${await ownerCollection(w, 'private')}`), ...teamOrModerator(204, 404) },
  'GET /v2/user/:id/collections': { request: (w) => get(`/v2/user/${w.ownerKey}/collections`), ...everyone(200) },
  'GET /v2/limits/collections': { request: () => get('/v2/limits/collections'), owner: 200, stranger: 200, moderator: 200 },
  // The read-only /v3 routes (launcher compatibility, round two): the same worlds and answers as their /v2 twins.
  'GET /v3/project/:id': { request: (w) => get(`/v3/project/${w.project.key}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v3/version/:id': { request: (w) => get(`/v3/version/${w.version.key}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v3/collection/:id': { request: async (w) => get(`/v3/collection/${await ownerCollection(w, 'private')}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v3/collections': { request: async (w) => get(`/v3/collections?ids=${ids(await ownerCollection(w, 'private'))}`), ...everyone(200) },
  'GET /v3/user/:id/collections': { request: (w) => get(`/v3/user/${w.ownerKey}/collections`), ...everyone(200) },
  'GET /v3/organization/:id': { request: async (w) => get(`/v3/organization/${await ownerOrganization(w)}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'GET /v3/organizations': { request: async (w) => get(`/v3/organizations?ids=${ids(await ownerOrganization(w))}`), ...everyone(200) },
  'GET /v3/organization/:id/projects': { request: async (w) => get(`/v3/organization/${await ownerOrganizationWithProject(w)}/projects`), ...teamOrModerator(200, 404), anonymous: 404 },
  // Release webhooks (docs/api/webhooks.md).
  ...webhookRows('project'),
  ...webhookRows('organization'),
  // Malware scanning (docs/api/malware.md): the hash lookup and feed are public; quarantine cases are moderators';
  // a version's scan is its team's (the draft project hides it from outsiders).
  'POST /v2/malware/check': { request: (w) => send('POST', '/v2/malware/check', { hashes: [w.version.sha1] }), ...everyone(200) },
  'GET /v2/malware/flagged': { request: () => get('/v2/malware/flagged'), ...everyone(200) },
  'GET /v2/malware/feed.atom': { request: () => get('/v2/malware/feed.atom'), ...everyone(200) },
  'GET /v2/moderation/malware': { request: () => get('/v2/moderation/malware'), owner: 401, stranger: 401, moderator: 200 },
  'GET /v2/moderation/malware/rescans': { request: () => get('/v2/moderation/malware/rescans'), owner: 401, stranger: 401, moderator: 200 },
  'POST /v2/moderation/malware/:id/release': {
    request: async (w) => send('POST', `/v2/moderation/malware/${await quarantinedVersion(w)}/release`, { reason: 'Matrix false positive' }),
    owner: 401,
    stranger: 401,
    moderator: 204,
  },
  'POST /v2/moderation/malware/:id/remove': {
    request: async (w) => send('POST', `/v2/moderation/malware/${await quarantinedVersion(w)}/remove`, { reason: 'Matrix removal' }),
    owner: 401,
    stranger: 401,
    moderator: 204,
  },
  'GET /v2/version/:id/scan': { request: (w) => get(`/v2/version/${w.version.key}/scan`), ...teamOrModerator(200, 404), anonymous: 404 },
  // Creator revenue and payouts (issue 14). The test context has the sandbox processor: fees are
  // previewed for anyone signed in; withdrawals answer 400 (no balance) after authorization; the
  // sandbox's webhook refuses unsigned bodies; webhooks of unconfigured processors 404.
  'GET /v2/payout/balance': { request: () => get('/v2/payout/balance'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/payout/history': { request: () => get('/v2/payout/history'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/payout/methods': { request: () => get('/v2/payout/methods?country=US'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/payout/fees': { request: () => send('POST', '/v2/payout/fees', { amount: 1000, method_id: 'sandbox' }), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/payout': { request: () => send('POST', '/v2/payout', { amount: 1000, method_id: 'sandbox', idempotency_key: 'matrix-withdrawal' }), owner: 400, stranger: 400, moderator: 400 },
  // Only its owner (or an admin) sees the withdrawal; without a processor it cannot be cancelled.
  'DELETE /v2/payout/:id': { request: async (w) => send('DELETE', `/v2/payout/${await ownerWithdrawal(w)}`), owner: 400, stranger: 404, moderator: 404, admin: 400 },
  'GET /v2/analytics/revenue': { request: (w) => get(`/v2/analytics/revenue?project_ids=${ids(w.project.key)}`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/user/:id/payouts': { request: (w) => get(`/v2/user/${w.ownerKey}/payouts`), owner: 200, stranger: 401, moderator: 401, admin: 200 },
  'POST /v2/user/:id/payouts': { request: (w) => send('POST', `/v2/user/${w.ownerKey}/payouts?amount=1000`), owner: 400, stranger: 401, moderator: 401, admin: 401 },
  'POST /v2/payout/_sandbox': { request: () => send('POST', '/v2/payout/_sandbox', { id: 'evt_matrix', type: 'payout.paid' }), ...everyone(400) },
  'POST /v2/payout/_paypal': { request: () => send('POST', '/v2/payout/_paypal', { id: 'WH-matrix' }), ...everyone(404) },
  'POST /v2/payout/_tremendous': { request: () => send('POST', '/v2/payout/_tremendous', { event: 'matrix' }), ...everyone(404) },
  // Payout accounts (issue 14): each caller reads and changes only their own, so every signed-in caller gets 200.
  'GET /v2/payout/accounts': { request: () => get('/v2/payout/accounts'), owner: 200, stranger: 200, moderator: 200 },
  'PATCH /v2/payout/accounts': { request: () => send('PATCH', '/v2/payout/accounts', { venmo_handle: '@matrix-user' }), owner: 200, stranger: 200, moderator: 200 },
  // Analytics (issue 14): views come from anyone; reads need ANALYTICS and answer 200 to all, leaving out projects the caller may not view (see analytics.test.ts).
  'POST /v2/analytics/view': { request: (w) => send('POST', '/v2/analytics/view', { url: `https://cairn.test/mod/${w.project.slug}` }), ...everyone(204) },
  'GET /v2/analytics/views': { request: (w) => get(`/v2/analytics/views?project_ids=${ids(w.project.key)}`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/analytics/downloads': { request: (w) => get(`/v2/analytics/downloads?project_ids=${ids(w.project.key)}&resolution_minutes=60`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/analytics/countries/views': { request: (w) => get(`/v2/analytics/countries/views?project_ids=${ids(w.project.key)}`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/analytics/countries/downloads': { request: (w) => get(`/v2/analytics/countries/downloads?project_ids=${ids(w.project.key)}`), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/analytics/sources/downloads': { request: (w) => get(`/v2/analytics/sources/downloads?project_ids=${ids(w.project.key)}`), owner: 200, stranger: 200, moderator: 200 },
  // Billing (issue 15): one's own customer, cards and subscriptions; someone else's subscription or card is
  // unknown (404); refunds and credits are for admins; the webhook is public and refuses unsigned bodies.
  'GET /v2/billing/products': { request: () => get('/v2/billing/products'), ...everyone(200) },
  'GET /v2/billing/subscriptions': { request: () => get('/v2/billing/subscriptions'), owner: 200, stranger: 200, moderator: 200 },
  'PATCH /v2/billing/subscription/:id': {
    request: async (w) => send('PATCH', `/v2/billing/subscription/${(await ownerSubscription(w)).subscriptionId}`, { cancelled: true }),
    owner: 200,
    stranger: 404,
    moderator: 404,
    admin: 200,
  },
  'GET /v2/billing/payments': { request: () => get('/v2/billing/payments'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/billing/payment': { request: () => send('POST', '/v2/billing/payment', { payment_method_id: 'pm_none', charge: { type: 'existing', id: 'AAAAAAAA' } }), owner: 400, stranger: 400, moderator: 400 },
  'GET /v2/billing/payment_methods': { request: () => get('/v2/billing/payment_methods'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/billing/payment_method': { request: () => send('POST', '/v2/billing/payment_method'), owner: 200, stranger: 200, moderator: 200 },
  'PATCH /v2/billing/payment_method/:id': { request: async (w) => send('PATCH', `/v2/billing/payment_method/${await ownerCard(w)}`, { primary: true }), owner: 204, stranger: 404, moderator: 404 },
  'DELETE /v2/billing/payment_method/:id': { request: async (w) => send('DELETE', `/v2/billing/payment_method/${await ownerCard(w)}`), owner: 204, stranger: 404, moderator: 404 },
  'GET /v2/billing/customer': { request: () => get('/v2/billing/customer'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/billing/charge/:id/refund': {
    request: async (w) => send('POST', `/v2/billing/charge/${(await ownerSubscription(w)).chargeId}/refund`, { amount: { type: 'full' } }),
    owner: 401,
    stranger: 401,
    moderator: 401,
    admin: 204,
  },
  'POST /v2/billing/credit': {
    request: async (w) => send('POST', '/v2/billing/credit', { subscription_ids: [(await ownerSubscription(w)).subscriptionId], days: 3 }),
    owner: 401,
    stranger: 401,
    moderator: 401,
    admin: 204,
  },
  'POST /v2/billing/_webhook': { request: () => send('POST', '/v2/billing/_webhook', { id: 'evt_forged', type: 'payment.succeeded' }), ...everyone(400) },
  // Hosted game servers (issue 16). The matrix has no node agent: the owner's purchased server
  // stays unprovisioned, so what needs a node answers 409 to those who may see it.
  'GET /v2/servers': { request: () => get('/v2/servers'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/servers/nodes': { request: () => get('/v2/servers/nodes'), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'POST /v2/servers/nodes': {
    request: () => send('POST', '/v2/servers/nodes', { name: 'matrix', url: 'http://127.0.0.1:9', token: 'matrix-node-token-0123456789abcdef0123' }),
    owner: 401,
    stranger: 401,
    moderator: 401,
    admin: 400,
  },
  // Own nodes: only their owner sees, changes or uses one; the agent's enrolment and tunnel and the browser relays authenticate with their own credentials.
  'GET /v2/servers/own-nodes': { request: () => get('/v2/servers/own-nodes'), owner: 200, stranger: 200, moderator: 200 },
  'POST /v2/servers/own-nodes/enrolments': { request: () => send('POST', '/v2/servers/own-nodes/enrolments', { name: 'Matrix node' }), owner: 201, stranger: 201, moderator: 201 },
  'PATCH /v2/servers/own-nodes/:node': { request: async (w) => send('PATCH', `/v2/servers/own-nodes/${await ownerOwnNode(w)}`, { max_servers: 2 }), owner: 200, stranger: 404, moderator: 404 },
  'DELETE /v2/servers/own-nodes/:node': { request: async (w) => send('DELETE', `/v2/servers/own-nodes/${await ownerOwnNode(w)}`), owner: 204, stranger: 404, moderator: 404 },
  'POST /v2/servers/own-nodes/:node/servers': {
    request: async (w) => send('POST', `/v2/servers/own-nodes/${await ownerOwnNode(w)}/servers`, { name: 'Matrix', memory_mib: 512 }),
    owner: 409,
    stranger: 404,
    moderator: 404,
  },
  'POST /v2/node-enrolment': { request: () => send('POST', '/v2/node-enrolment', { token: 'cne_matrixmatrixmatrixmatrixmatrix' }), anonymous: 401, stranger: 401 },
  'GET /v2/node-tunnel': { request: () => get('/v2/node-tunnel'), anonymous: 401, stranger: 401 },
  'GET /v2/node-relay/:node/api/servers/:id/console': { request: async (w) => get(`/v2/node-relay/${await ownerOwnNode(w)}/api/servers/AbCdEf12/console?token=x`), anonymous: 404, stranger: 404 },
  ...Object.fromEntries(
    (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).map((method) => [
      `${method} /v2/node-relay/:node/api/servers/:id/*`,
      { request: async (w: World) => send(method, `/v2/node-relay/${await ownerOwnNode(w)}/api/servers/AbCdEf12/files/list`), anonymous: 404, stranger: 404 } satisfies MatrixEntry,
    ]),
  ),
  'GET /v2/servers/:id': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'PATCH /v2/servers/:id': { request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}`, { name: 'Renamed' }), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/power': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/power`, { action: 'start' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/access': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/access`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/stats': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/stats`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/properties': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/properties`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PATCH /v2/servers/:id/properties': {
    request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/properties`, { properties: { motd: 'Matrix' } }),
    owner: 409,
    stranger: 404,
    moderator: 404,
    admin: 409,
  },
  'GET /v2/servers/:id/backups': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/backups`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/backups': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/backups`, { name: 'Matrix' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PATCH /v2/servers/:id/backups/:backup': {
    request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab`, { locked: true }),
    owner: 409,
    stranger: 404,
    moderator: 404,
    admin: 409,
  },
  'POST /v2/servers/:id/backups/:backup/restore': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab/restore`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'DELETE /v2/servers/:id/backups/:backup': { request: async (w) => send('DELETE', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/suspend': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/suspend`, { reason: 'support' }), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'POST /v2/servers/:id/unsuspend': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/unsuspend`), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  // Server options: Platform, Startup, Network, Preferences (issue 16). Without a node the owner's
  // server is unprovisioned: what needs its node answers 409 to those who may see it.
  'GET /v2/servers/:id/platforms': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/platforms`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/reinstall': {
    request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/reinstall`, { loader: 'vanilla', game_version: '1.21.4', erase: false }),
    owner: 409,
    stranger: 404,
    moderator: 404,
    admin: 409,
  },
  'GET /v2/servers/:id/startup': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/startup`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PATCH /v2/servers/:id/startup': { request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/startup`, { invocation: '-XX:+UseG1GC' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/preferences': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/preferences`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'PATCH /v2/servers/:id/preferences': { request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/preferences`, { auto_restart: true }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/allocations': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/allocations`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/allocations': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/allocations`, { name: 'Voice' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PATCH /v2/servers/:id/allocations/:port': { request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/allocations/25601`, { name: 'Map' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'DELETE /v2/servers/:id/allocations/:port': { request: async (w) => send('DELETE', `/v2/servers/${await ownerServer(w)}/allocations/25601`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/network': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/network`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/subdomain': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/subdomain`, { subdomain: `matrix-${String(randomId()).slice(-8)}` }), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'GET /v2/servers/subdomains/:subdomain/available': { request: () => get('/v2/servers/subdomains/matrix-world/available'), owner: 200, stranger: 200, moderator: 200 },
  // Server backup actions and the automatic backup schedule (issue 16, backups).
  'GET /v2/servers/:id/backups/:backup': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/backups/0123456789ab`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/backups/:backup/prepare-download': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab/prepare-download`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/backups/:backup/cancel': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab/cancel`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/backups/:backup/retry': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/backups/0123456789ab/retry`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/autobackup': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/autobackup`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'PUT /v2/servers/:id/autobackup': {
    request: async (w) => send('PUT', `/v2/servers/${await ownerServer(w)}/autobackup`, { enabled: true, interval_hours: 6 }),
    owner: 200,
    stranger: 404,
    moderator: 404,
    admin: 200,
  },
  // Server notices and moving servers (issue 16, servers admin): notices are admin-only; a server's
  // active notices are its owner's; the move names an unknown node (the matrix has no agents).
  'GET /v2/servers/notices': { request: () => get('/v2/servers/notices'), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'POST /v2/servers/notices': {
    request: () => send('POST', '/v2/servers/notices', { level: 'info', message: 'Matrix notice', assign: { all: true } }),
    owner: 401,
    stranger: 401,
    moderator: 401,
    admin: 201,
  },
  'PATCH /v2/servers/notices/:id': { request: async (w) => send('PATCH', `/v2/servers/notices/${await serverNotice(w)}`, { title: 'Renamed' }), owner: 401, stranger: 401, moderator: 401, admin: 200 },
  'DELETE /v2/servers/notices/:id': { request: async (w) => send('DELETE', `/v2/servers/notices/${await serverNotice(w)}`), owner: 401, stranger: 401, moderator: 401, admin: 204 },
  'GET /v2/servers/:id/notices': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/notices`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/notices/:notice/dismiss': {
    request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/notices/${await serverNotice(w)}/dismiss`),
    owner: 204,
    stranger: 404,
    moderator: 404,
    admin: 204,
  },
  'POST /v2/servers/:id/move': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/move`, { node_id: 'zzzzzzzz' }), owner: 401, stranger: 401, moderator: 401, admin: 400 },
  // Server content (issue 16, s-content): listing reads the API's rows; changes need the node (409 without one).
  'GET /v2/servers/:id/content': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/content`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/content': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/content`, { project_id: 'AAAAAAAA' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'POST /v2/servers/:id/content/:project/update': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/content/AAAAAAAA/update`, {}), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PATCH /v2/servers/:id/content/:project': { request: async (w) => send('PATCH', `/v2/servers/${await ownerServer(w)}/content/AAAAAAAA`, { enabled: false }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'DELETE /v2/servers/:id/content/:project': { request: async (w) => send('DELETE', `/v2/servers/${await ownerServer(w)}/content/AAAAAAAA`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/content/updates': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/content/updates`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/content/update-all': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/content/update-all`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/content-targets': { request: () => get('/v2/servers/content-targets'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/servers/:id/modpack': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/modpack`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/modpack': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/modpack`, { version_id: 'AAAAAAAA' }), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'GET /v2/servers/:id/modpack/update-preview': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/modpack/update-preview?version_id=AAAAAAAA`), owner: 404, stranger: 404, moderator: 404, admin: 404 },
  // Server schedules (docs/api/servers.md, "Schedules"): the world has no job queue, so running one now is 503.
  'GET /v2/servers/:id/schedules': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/schedules`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/schedules': {
    request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/schedules`, { name: 'Nightly restart', cron: '0 4 * * *', steps: [{ action: 'restart' }] }),
    owner: 201,
    stranger: 404,
    moderator: 404,
    admin: 201,
  },
  'PATCH /v2/servers/:id/schedules/:schedule': { request: async (w) => send('PATCH', `${await ownerSchedule(w)}`, { enabled: false }), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'DELETE /v2/servers/:id/schedules/:schedule': { request: async (w) => send('DELETE', `${await ownerSchedule(w)}`), owner: 204, stranger: 404, moderator: 404, admin: 204 },
  'POST /v2/servers/:id/schedules/:schedule/run': { request: async (w) => send('POST', `${await ownerSchedule(w)}/run`), owner: 503, stranger: 404, moderator: 404, admin: 503 },
  'GET /v2/servers/:id/schedules/:schedule/runs': { request: async (w) => get(`${await ownerSchedule(w)}/runs`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  // Server members and the activity log (issue 38): the world's project member is invited or made a
  // member through the database; nobody in the matrix holds an invitation, so answering one is 404.
  // Each permission of a member is checked route by route in api/test/integration/server-members.test.ts.
  'GET /v2/servers/:id/members': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/members`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/members': {
    request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/members`, { username: w.member.username, role: 'limited' }),
    owner: 201,
    stranger: 404,
    moderator: 404,
    admin: 201,
  },
  'PATCH /v2/servers/:id/members/:user': {
    request: async (w) => send('PATCH', `/v2/servers/${await memberServer(w)}/members/${encodeBase62(w.member.id)}`, { role: 'editor' }),
    owner: 200,
    stranger: 404,
    moderator: 404,
    admin: 200,
  },
  'DELETE /v2/servers/:id/members/:user': { request: async (w) => send('DELETE', `/v2/servers/${await memberServer(w)}/members/${encodeBase62(w.member.id)}`), owner: 204, stranger: 404, moderator: 404, admin: 204 },
  'POST /v2/servers/:id/invitation': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/invitation`), owner: 404, stranger: 404, moderator: 404, admin: 404 },
  'DELETE /v2/servers/:id/invitation': { request: async (w) => send('DELETE', `/v2/servers/${await ownerServer(w)}/invitation`), owner: 404, stranger: 404, moderator: 404, admin: 404 },
  'GET /v2/servers/:id/activity': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/activity?limit=5`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  // SFTP logins (issue 38): the matrix's server has no node, so making a login answers 409 to those
  // who may see it and there is none to revoke; members' permissions are in server-sftp.test.ts.
  'GET /v2/servers/:id/sftp': { request: async (w) => get(`/v2/servers/${await ownerServer(w)}/sftp`), owner: 200, stranger: 404, moderator: 404, admin: 200 },
  'POST /v2/servers/:id/sftp/password': { request: async (w) => send('POST', `/v2/servers/${await ownerServer(w)}/sftp/password`), owner: 409, stranger: 404, moderator: 404, admin: 409 },
  'PUT /v2/servers/:id/sftp/keys': {
    request: async (w) => send('PUT', `/v2/servers/${await ownerServer(w)}/sftp/keys`, { public_keys: [sshPublicKey()] }),
    owner: 409,
    stranger: 404,
    moderator: 404,
    admin: 409,
  },
  'DELETE /v2/servers/:id/sftp': { request: async (w) => send('DELETE', `/v2/servers/${await ownerServer(w)}/sftp`), owner: 404, stranger: 404, moderator: 404, admin: 404 },
  // Public server listings (issue 39): search is public; a listing waiting for review is its
  // owner's and the moderators'; only moderators decide its status and read the review queue.
  'GET /v2/server_listings': { request: () => get('/v2/server_listings?query=world&min_players=0'), ...everyone(200) },
  'GET /v2/server_listings/mine': { request: () => get('/v2/server_listings/mine'), owner: 200, stranger: 200, moderator: 200 },
  'GET /v2/server_listings/queue': { request: () => get('/v2/server_listings/queue'), owner: 401, stranger: 401, moderator: 200 },
  'POST /v2/server_listing': {
    request: () => send('POST', '/v2/server_listing', { name: 'Matrix server', summary: 'A server listed by address.', host: '1.1.1.1', port: 25565, game_version: '1.21.4' }),
    owner: 201,
    stranger: 201,
    moderator: 201,
  },
  'GET /v2/server_listing/:id': { request: async (w) => get(`/v2/server_listing/${await ownerListing(w)}`), ...teamOrModerator(200, 404), anonymous: 404 },
  'PATCH /v2/server_listing/:id': { request: async (w) => send('PATCH', `/v2/server_listing/${await ownerListing(w)}`, { summary: 'Changed by the matrix.' }), ...teamOrModerator(200, 404) },
  'DELETE /v2/server_listing/:id': { request: async (w) => send('DELETE', `/v2/server_listing/${await ownerListing(w)}`), ...teamOrModerator(204, 404) },
  'POST /v2/server_listing/:id/ping': { request: async (w) => send('POST', `/v2/server_listing/${await ownerListing(w)}/ping`), ...teamOrModerator(200, 404) },
  'POST /v2/server_listing/:id/moderation': {
    request: async (w) => send('POST', `/v2/server_listing/${await ownerListing(w)}/moderation`, { status: 'approved' }),
    owner: 401,
    stranger: 401,
    moderator: 200,
  },
};

/** A schedule the world's owner added to a new server of theirs (its path under /v2). */
async function ownerSchedule(w: World): Promise<string> {
  const server = await ownerServer(w);
  // Written directly: every role's call adds one, more than the plan's limit allows through the API.
  const id = Number(randomId());
  await w.ctx.database.db.insert(serverSchedules).values({ id, serverId: server, name: 'Matrix schedule', cron: '0 */6 * * *', steps: [{ action: 'backup', delaySeconds: 0 }] });
  return `/v2/servers/${server}/schedules/${encodeBase62(id)}`;
}

/** A well-formed OpenSSH ed25519 public key line (the matrix has no node, so nothing logs in with it). */
function sshPublicKey(): string {
  const raw = Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (bytes: Buffer) => Buffer.concat([Buffer.from([0, 0, 0, bytes.length]), bytes]);
  return `ssh-ed25519 ${Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]).toString('base64')} matrix`;
}

/** A Small server plan bought by the world's owner (its server id); with no node it stays unprovisioned. */
/** An own node of the world's owner (enrolled, never connected): its id. */
async function ownerOwnNode(w: World): Promise<string> {
  const id = Number(randomId());
  await w.ctx.database.db.insert(serverNodes).values({ id, name: 'Matrix node', url: `tunnel://node-${id}`, token: `matrix-own-node-${id}-0123456789abcdef`, ownerId: w.owner.id, tunnelCredentialHash: `matrix-${id}` });
  return encodeBase62(id);
}

async function ownerServer(w: World): Promise<string> {
  // Every call buys one and the rows share the plan's stock: put it back so the last rows can still buy.
  await w.ctx.database.sql`update billing_products set metadata = jsonb_set(metadata, '{stock}', '100') where metadata->>'type' = 'pyro' and metadata->>'name' = 'Small'`;
  const card = await ownerCard(w);
  const products = (await w.ctx.app.inject({ method: 'GET', url: '/v2/billing/products', headers: setUp })).json<Array<{ id: string; metadata: { type: string; name?: string } }>>();
  const plan = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
  const payload = { payment_method_id: card, charge: { type: 'new', product_id: plan.id, server: { name: 'Matrix server' } } };
  await w.ctx.app.inject({ method: 'POST', url: '/v2/billing/payment', headers: { ...setUp, authorization: w.owner.session }, payload });
  const list = (await w.ctx.app.inject({ method: 'GET', url: '/v2/servers', headers: { ...setUp, authorization: w.owner.session } })).json<{ servers: Array<{ id: string }> }>();
  return list.servers[0]!.id;
}

/** The world owner's server with the world's project member as an accepted Limited member (its id). */
async function memberServer(w: World): Promise<string> {
  const id = await ownerServer(w);
  await w.ctx.database.db.insert(serverMembers).values({ serverId: id, userId: w.member.id, role: 'limited', permissions: ['console_read', 'console_write', 'power'], accepted: true });
  return id;
}

/** A dismissable notice for every server, created by the world's admin (its id). */
async function serverNotice(w: World): Promise<string> {
  const payload = { level: 'warning', message: 'Matrix maintenance', assign: { all: true } };
  return (await w.ctx.app.inject({ method: 'POST', url: '/v2/servers/notices', headers: { authorization: w.admin.session }, payload })).json<{ id: string }>().id;
}

/**
 * A listing of the world's owner waiting for review (its id), at a loopback address no ping may
 * reach, so pinging it records the refusal at once instead of waiting for a network.
 */
async function ownerListing(w: World): Promise<string> {
  const id = Number(randomId());
  await w.ctx.database.db.insert(serverListings).values({ id, ownerId: w.owner.id, name: 'Matrix listing', summary: 'Waiting for review.', host: '127.0.0.1', port: 1, gameVersion: '1.21.4', loader: 'vanilla' });
  return encodeBase62(id);
}
