import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { ServerListSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import {
  OwnedServerListingListSchema,
  OwnedServerListingSchema,
  ServerListingSchema,
  ServerListingSearchResultSchema,
  type OwnedServerListing,
} from '@cairn/shared/schemas/server-listings';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { runJob } from '../helpers/jobs.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertProject } from '../factories/catalogue.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { serverListings } from '../../src/db/schema/server-listings.js';
import { encodeBase62, parseId } from '../../src/lib/ids.js';
import { pingServer } from '../../src/modules/server-listings/server-list-ping.js';
import { SERVER_LISTINGS_PING_JOB } from '../../src/modules/server-listings/server-listings.jobs.js';
import { AGENT_TOKEN, eventually, freePort, minecraft, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * Public server listings against a real node agent running a real flying-squid server: the
 * status ping the worker makes, a listing made from a hosted server's panel, moderation before it
 * is public, search with facets, and the listing leaving search when its server stops answering.
 */
let ctx: TestContext;
let agent: TestAgent;
let actors: Actors;
let owner: TestUser;
let server: Server;
let firstPort: number;
const PORTS = 4;

const call = testClient(() => ctx.app);
const errorOf = (response: { json: () => unknown }) => ErrorBodySchema.strict().parse(response.json());

const getServer = async (id: string) => ServerSchema.strict().parse((await call('GET', `/v2/servers/${id}`, owner.session)).json());
const untilServer = (id: string, predicate: (s: Server) => boolean, what: string) =>
  eventually(async () => {
    const found = await getServer(id);
    return predicate(found) ? found : undefined;
  }, 90_000, what);

const ownedListing = async (id: string): Promise<OwnedServerListing> => {
  const response = await call('GET', `/v2/server_listing/${id}`, owner.session);
  expect(response.statusCode, response.body).toBe(200);
  return OwnedServerListingSchema.strict().parse(response.json());
};
const search = async (query = '') => {
  const response = await call('GET', `/v2/server_listings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return ServerListingSearchResultSchema.strict().parse(response.json());
};
const ping = (listingId: string) => runJob(ctx.jobs!, SERVER_LISTINGS_PING_JOB, { listingId: parseId(listingId) });

beforeAll(async () => {
  agent = await startTestAgent();
  firstPort = await freePort();
  ctx = await createTestContext({
    jobs: true,
    env: {
      NODE_AGENT_URL: agent.url,
      NODE_AGENT_TOKEN: AGENT_TOKEN,
      SERVERS_PORT_RANGE: `${firstPort}-${firstPort + PORTS - 1}`,
      // A listing by address may name this one loopback pair (the hosted server's); every other stays refused.
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${firstPort}`,
      SERVER_LISTINGS_PING_TIMEOUT_MS: '3000',
    },
  });
  actors = await createActors(ctx.database.db);
  owner = await insertUserWithTokens(ctx.database.db);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  const small: Product = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
  const card = await saveSandboxCard(ctx.app, owner.session, 'visa');
  const bought = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name: 'Listed World' } } });
  expect(bought.statusCode, bought.body).toBe(200);
  const listed = ServerListSchema.strict().parse((await call('GET', '/v2/servers', owner.session)).json()).servers[0]!;
  server = await untilServer(listed.id, (s) => s.status === 'available' && s.state === 'running', 'the server running');
}, 150_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

describe('the status ping', () => {
  it("reads a real flying-squid server's version, players and message of the day", async () => {
    const result = await pingServer({ host: '127.0.0.1', port: server.net!.port, timeoutMs: 3000 });
    expect(result.versionName).toBe('1.21.4');
    expect(result.playersOnline).toBe(0);
    expect(result.playersMax).toBeGreaterThan(0);
    expect(typeof result.motd).toBe('string');
  });

  it('fails within its deadline with a reason when nothing listens', async () => {
    const closed = await freePort();
    await expect(pingServer({ host: '127.0.0.1', port: closed, timeoutMs: 3000 })).rejects.toThrow(/refused/);
  });
});

describe('a listing of a hosted server', () => {
  let listing: OwnedServerListing;

  beforeAll(async () => {
    const response = await call('POST', '/v2/server_listing', owner.session, { server_id: server.id, name: 'Listed World', summary: 'A friendly survival world.', description: 'Come <b>play</b>.', region: 'europe' });
    expect(response.statusCode, response.body).toBe(201);
    listing = OwnedServerListingSchema.strict().parse(response.json());
  });

  it("takes the hosted server's address, version and platform and is marked hosted", () => {
    expect(listing).toMatchObject({
      name: 'Listed World',
      hosted: true,
      host: server.net!.host,
      port: server.net!.port,
      address: `${server.net!.host}:${server.net!.port}`,
      game_version: '1.21.4',
      loader: 'vanilla',
      region: 'europe',
      status: 'processing',
      server_id: server.id,
      description: 'Come <b>play</b>.',
    });
  });

  it('refuses a second listing of the same server, and a member or stranger listing it', async () => {
    const again = await call('POST', '/v2/server_listing', owner.session, { server_id: server.id, name: 'Again', summary: 'Twice listed.' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ error: 'listing_exists', description: expect.stringMatching(/^server_id: /) });
    const stranger = await call('POST', '/v2/server_listing', actors.stranger.session, { server_id: server.id, name: 'Mine now', summary: 'Not theirs.' });
    expect(stranger.statusCode).toBe(404);
  });

  it('is pinged by the worker as soon as it is made', async () => {
    const pinged = await eventually(async () => {
      const current = await ownedListing(listing.id);
      return current.ping.checked ? current : undefined;
    }, 30_000, 'the first ping');
    expect(pinged.ping).toMatchObject({ online: true, players_online: 0, version_name: '1.21.4' });
    expect(pinged.ping.players_max).toBeGreaterThan(0);
    expect(pinged.hidden_reason).toBeNull();
  });

  it('waits for review: strangers get a 404 and search leaves it out until a moderator approves it', async () => {
    expect((await call('GET', `/v2/server_listing/${listing.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/v2/server_listing/${listing.id}`, actors.stranger.session)).statusCode).toBe(404);
    expect((await search()).hits.map((h) => h.id)).not.toContain(listing.id);

    const queue = OwnedServerListingListSchema.strict().parse((await call('GET', '/v2/server_listings/queue', actors.moderator.session)).json());
    expect(queue.listings.map((l) => l.id)).toContain(listing.id);
    expect((await call('GET', '/v2/server_listings/queue', owner.session)).statusCode).toBe(401);
    expect((await call('POST', `/v2/server_listing/${listing.id}/moderation`, owner.session, { status: 'approved' })).statusCode).toBe(401);

    const noReason = await call('POST', `/v2/server_listing/${listing.id}/moderation`, actors.moderator.session, { status: 'rejected' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).description).toMatch(/^message: /);

    const approved = await call('POST', `/v2/server_listing/${listing.id}/moderation`, actors.moderator.session, { status: 'approved' });
    expect(approved.statusCode, approved.body).toBe(200);
    const publicView = await call('GET', `/v2/server_listing/${listing.id}`);
    expect(publicView.statusCode).toBe(200);
    // Strangers get the public shape: no hidden reason, ping error or server id.
    expect(ServerListingSchema.strict().parse(publicView.json())).toMatchObject({ status: 'approved', hosted: true });
  });

  it('is found by search and its facets, with the live player count of a real player', async () => {
    const found = await search('?query=listed');
    expect(found.hits.map((h) => h.id)).toEqual([listing.id]);
    expect(found.facets.game_version).toEqual([{ value: '1.21.4', label: '1.21.4', count: 1 }]);
    expect(found.facets.region).toEqual([{ value: 'europe', label: 'Europe', count: 1 }]);
    expect((await search('?game_version=1.20.1')).total_hits).toBe(0);
    expect((await search('?region=asia')).total_hits).toBe(0);
    expect((await search('?min_players=1')).total_hits).toBe(0);

    const client = minecraft.createClient({ host: '127.0.0.1', port: server.net!.port, username: 'Lister', auth: 'offline', version: '1.21.4' });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('playerJoin', () => resolve());
        client.once('error', reject);
      });
      await ping(listing.id);
      expect((await ownedListing(listing.id)).ping.players_online).toBe(1);
      const busy = await search('?min_players=1');
      expect(busy.hits.map((h) => h.id)).toEqual([listing.id]);
      expect(busy.facets.players.find((bucket) => bucket.value === '1')?.count).toBe(1);
    } finally {
      client.end('done');
    }
  }, 60_000);

  it('leaves search once its server has not answered for the configured hours, telling the owner why, and comes back when it answers', async () => {
    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'stop' })).statusCode).toBe(204);
    await untilServer(server.id, (s) => s.state === 'stopped' || s.state === 'crashed', 'the server stopped');

    await ping(listing.id);
    const silent = await ownedListing(listing.id);
    expect(silent.ping.online).toBe(false);
    expect(silent.ping.players_online).toBeNull();
    expect(silent.ping_error).toMatch(/refused/);
    // Silent for less than SERVER_LISTINGS_HIDE_AFTER_HOURS (24): still listed.
    expect(silent.hidden_reason).toBeNull();
    expect((await search()).hits.map((h) => h.id)).toContain(listing.id);

    // Its last answer a day and an hour ago, as if the worker had found it silent since then.
    await ctx.database.db.update(serverListings).set({ lastOnline: new Date(Date.now() - 25 * 3_600_000) }).where(eq(serverListings.id, parseId(listing.id)!));
    await ping(listing.id);
    const hidden = await ownedListing(listing.id);
    expect(hidden.hidden_reason).toMatch(/has not answered status pings since/);
    expect((await search()).hits.map((h) => h.id)).not.toContain(listing.id);
    const mine = OwnedServerListingListSchema.strict().parse((await call('GET', '/v2/server_listings/mine', owner.session)).json());
    expect(mine.listings.find((l) => l.id === listing.id)?.hidden_reason).toBe(hidden.hidden_reason);

    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'start' })).statusCode).toBe(204);
    await untilServer(server.id, (s) => s.state === 'running', 'the server running again');
    const back = await eventually(async () => {
      const response = await call('POST', `/v2/server_listing/${listing.id}/ping`, owner.session);
      expect(response.statusCode, response.body).toBe(200);
      const current = OwnedServerListingSchema.strict().parse(response.json());
      return current.ping.online ? current : undefined;
    }, 30_000, 'the server answering again');
    expect(back.hidden_reason).toBeNull();
    expect((await search()).hits.map((h) => h.id)).toContain(listing.id);
  }, 150_000);

  it("refuses changing a hosted listing's address, and lets its owner delete it", async () => {
    const moved = await call('PATCH', `/v2/server_listing/${listing.id}`, owner.session, { host: 'play.example.com' });
    expect(moved.statusCode).toBe(400);
    expect(errorOf(moved).description).toMatch(/^host: /);
    expect((await call('PATCH', `/v2/server_listing/${listing.id}`, actors.stranger.session, { name: 'Taken' })).statusCode).toBe(404);
  });
});

describe('a listing by address', () => {
  it('refuses loopback and private addresses unless they are on the allow-list', async () => {
    const body = { name: 'Elsewhere', summary: 'A server somewhere else.', game_version: '1.21.4' };
    for (const host of ['127.0.0.1', '10.1.2.3', '[::1]', '169.254.169.254']) {
      const refused = await call('POST', '/v2/server_listing', owner.session, { ...body, host, port: firstPort + 1 });
      expect(refused.statusCode, host).toBe(400);
      expect(errorOf(refused).description).toMatch(/^host: .* address, which public listings may not use/);
    }
    const allowed = await call('POST', '/v2/server_listing', owner.session, { ...body, host: '127.0.0.1', port: firstPort });
    expect(allowed.statusCode, allowed.body).toBe(201);
    const listing = OwnedServerListingSchema.strict().parse(allowed.json());
    expect(listing).toMatchObject({ hosted: false, address: `127.0.0.1:${firstPort}`, server_id: null, status: 'processing' });
    await eventually(async () => ((await ownedListing(listing.id)).ping.online ? true : undefined), 30_000, 'the listing by address pinged');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ name: 'No host here', summary: 'Missing address.', game_version: '1.21.4' }, /^host: /],
      [{ name: 'No version', summary: 'Missing version.', host: 'play.example.com' }, /^game_version: /],
      [{ name: 'x', summary: 'Too short a name.', host: 'play.example.com', game_version: '1.21.4' }, /name/],
      [{ name: 'Bad host', summary: 'Odd characters.', host: 'evil host/../', game_version: '1.21.4' }, /host/],
      [{ name: 'Bad port', summary: 'Out of range.', host: 'play.example.com', port: 70000, game_version: '1.21.4' }, /port/],
      [{ name: 'Bad pack', summary: 'Unknown modpack.', host: '127.0.0.1', port: firstPort, game_version: '1.21.4', modpack_id: 'zzzzzzzz' }, /^modpack_id: /],
    ];
    for (const [body, pattern] of cases) {
      const response = await call('POST', '/v2/server_listing', owner.session, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).description).toMatch(pattern);
    }
  });

  it('links a public modpack of the catalogue by id or slug, and facets by it', async () => {
    const pack = await insertProject(ctx.database.db, { ownerId: actors.creator.id, slug: 'harbor-pack', title: 'Harbor Pack', status: 'approved', declaredType: 'modpack' });
    const mod = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'approved', declaredType: 'mod' });
    const draft = await insertProject(ctx.database.db, { ownerId: actors.creator.id, status: 'draft', declaredType: 'modpack' });
    const body = { name: 'Packed World', summary: 'Runs a modpack.', game_version: '1.21.4', host: '127.0.0.1', port: firstPort };
    for (const [modpack, pattern] of [[mod.slug, /is not a modpack/], [draft.slug, /no public project/]] as const) {
      const refused = await call('POST', '/v2/server_listing', owner.session, { ...body, modpack_id: modpack });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).description).toMatch(pattern);
    }
    const created = await call('POST', '/v2/server_listing', owner.session, { ...body, modpack_id: 'HARBOR-PACK' });
    expect(created.statusCode, created.body).toBe(201);
    const listing = OwnedServerListingSchema.strict().parse(created.json());
    expect(listing.modpack).toEqual({ id: encodeBase62(pack.id), slug: 'harbor-pack', title: 'Harbor Pack' });
    await call('POST', `/v2/server_listing/${listing.id}/moderation`, actors.moderator.session, { status: 'approved' });
    const found = await search(`?modpack=${encodeBase62(pack.id)}`);
    expect(found.hits.map((h) => h.id)).toEqual([listing.id]);
    expect(found.facets.modpack).toEqual([{ value: encodeBase62(pack.id), label: 'Harbor Pack', count: 1 }]);
    const cleared = await call('PATCH', `/v2/server_listing/${listing.id}`, owner.session, { modpack_id: null });
    expect(OwnedServerListingSchema.strict().parse(cleared.json()).modpack).toBeNull();
  });

  it('goes back to review when its owner changes a rejected listing', async () => {
    const created = OwnedServerListingSchema.parse((await call('POST', '/v2/server_listing', owner.session, { name: 'Rejected World', summary: 'Will be rejected.', game_version: '1.21.4', host: '127.0.0.1', port: firstPort })).json());
    const rejected = await call('POST', `/v2/server_listing/${created.id}/moderation`, actors.moderator.session, { status: 'rejected', message: 'Say what the server is about.' });
    expect(OwnedServerListingSchema.strict().parse(rejected.json())).toMatchObject({ status: 'rejected', moderation_message: 'Say what the server is about.' });
    const edited = await call('PATCH', `/v2/server_listing/${created.id}`, owner.session, { summary: 'A creative building server.' });
    expect(OwnedServerListingSchema.strict().parse(edited.json())).toMatchObject({ status: 'processing', summary: 'A creative building server.' });
    expect((await call('DELETE', `/v2/server_listing/${created.id}`, owner.session)).statusCode).toBe(204);
    expect((await call('GET', `/v2/server_listing/${created.id}`, owner.session)).statusCode).toBe(404);
  });
});
