import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { z } from 'zod';
import { PaymentResultSchema, ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileHashSchema } from '@cairn/shared/schemas/node-agent';
import { ServerContentTargetsSchema, ServerModpackAnswerSchema, ServerModpackPreviewSchema, ServerModpackSchema, type ServerModpack } from '@cairn/shared/schemas/server-modpacks';
import { ServerAccessSchema, ServerListSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import { VersionSchema, type Version } from '@cairn/shared/schemas/versions';
import { seedDemoCatalogue } from '../../src/db/seed/demo-catalogue.js';
import { SERVER_PACK_SLUG } from '../../src/db/seed/demo-server-pack.js';
import { silentLogger } from '../../src/embedded/process-utils.js';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { insertProject } from '../factories/catalogue.js';
import { postVersion, versionData } from '../helpers/versions.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, callAgent, consoleHistory, eventually, freePort, minecraft, openConsole, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';

/**
 * A modpack on a real server (docs/api/servers.md, "Modpacks on a server"): a real node agent runs
 * a real flying-squid server; the demo pack Trailhead Camp (seeded through the real version
 * upload) is installed through the API and the worker's job, its files checked on the node by
 * their hashes, then updated to its second version with a file the user changed, and its plugin
 * seen working on the console.
 */
let ctx: TestContext;
let agent: TestAgent;
let small: Product;

const call = testClient(() => ctx.app);

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
  await seedDemoCatalogue(ctx.database.db, ctx.files, ctx.config, silentLogger);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

const untilRunning = (user: TestUser, id: string) =>
  eventually(async () => {
    const server = ServerSchema.strict().parse((await call('GET', `/v2/servers/${id}`, user.session)).json());
    return server.status === 'available' && server.state === 'running' ? server : undefined;
  }, 120_000, 'server running');

async function buyRunningServer(user: TestUser, name: string): Promise<Server> {
  const card = await saveSandboxCard(ctx.app, user.session);
  const paid = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name } } });
  expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
  const { id } = ServerListSchema.strict().parse((await call('GET', '/v2/servers', user.session)).json()).servers.find((s) => s.name === name)!;
  return untilRunning(user, id);
}

const IndexSchema = z.object({
  files: z.array(z.object({ path: z.string(), hashes: z.object({ sha1: z.string(), sha512: z.string() }), env: z.object({ server: z.string() }) })),
  dependencies: z.record(z.string(), z.string()),
});

/** A version's pack, read as a launcher would: the index and the entries. */
async function packOf(version: Version) {
  const file = version.files.find((f) => f.primary)!;
  const url = new URL(file.url);
  const response = await ctx.app.inject({ method: 'GET', url: url.pathname.replace(/^\/api/, '') + url.search });
  expect(response.statusCode).toBe(200);
  const entries = unzipSync(new Uint8Array(response.rawPayload));
  return { index: IndexSchema.parse(JSON.parse(strFromU8(entries['modrinth.index.json']!))), entries };
}

describe('a modpack on a hosted server', () => {
  let owner: TestUser;
  let stranger: TestUser;
  let server: Server;
  let older: Version;
  let newer: Version;

  const held = async (path: string) => {
    const response = await callAgent(agent, 'GET', `/api/servers/${server.id}/files/hash?path=${encodeURIComponent(path)}`);
    return response.status === 404 ? undefined : AgentFileHashSchema.parse(await response.json());
  };
  const text = async (path: string) => (await callAgent(agent, 'GET', `/api/servers/${server.id}/files/contents?path=${encodeURIComponent(path)}`)).text();
  const untilSettled = (id: string) =>
    eventually(async () => {
      const { modpack } = ServerModpackAnswerSchema.strict().parse((await call('GET', `/v2/servers/${id}/modpack`, owner.session)).json());
      return modpack && (modpack.state === 'installed' || modpack.state === 'failed') ? modpack : undefined;
    }, 120_000, 'modpack job finished');

  beforeAll(async () => {
    owner = await insertUserWithTokens(ctx.database.db);
    stranger = await insertUserWithTokens(ctx.database.db);
    const versions = z.array(VersionSchema).parse((await call('GET', `/v2/project/${SERVER_PACK_SLUG}/version`)).json());
    expect(versions).toHaveLength(2);
    [newer, older] = versions as [Version, Version];
    server = await buyRunningServer(owner, 'Camp World');
  }, 240_000);

  it('offers the server as a target to its owner only', async () => {
    const mine = ServerContentTargetsSchema.strict().parse((await call('GET', '/v2/servers/content-targets', owner.session)).json());
    expect(mine.servers.map((s) => s.id)).toEqual([server.id]);
    const theirs = ServerContentTargetsSchema.strict().parse((await call('GET', '/v2/servers/content-targets', stranger.session)).json());
    expect(theirs.servers).toEqual([]);
    expect(ServerModpackAnswerSchema.parse((await call('GET', `/v2/servers/${server.id}/modpack`, owner.session)).json())).toEqual({ modpack: null });
  });

  it('refuses strangers, versions that are not packs and unknown versions, naming the field', async () => {
    expect((await call('POST', `/v2/servers/${server.id}/modpack`, stranger.session, { version_id: older.id })).statusCode).toBe(404);
    const plugin = z.array(VersionSchema).parse((await call('GET', '/v2/project/welcome-sign/version')).json())[0]!;
    const notPack = await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: plugin.id });
    expect(notPack.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(notPack.json()).description).toMatch(/^version_id: .*not a modpack/);
    // A fabric pack: the node offers no fabric platform, so the server cannot take it.
    const fabricPack = z.array(VersionSchema).parse((await call('GET', '/v2/project/starlit-journey/version')).json())[0]!;
    const unsupported = await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: fabricPack.id });
    expect(unsupported.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(unsupported.json())).toMatchObject({ error: 'unsupported_platform', description: expect.stringMatching(/^version_id: the pack needs fabric /) });
    const unknown = await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: 'AAAAAAAA' });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(unknown.json()).description).toMatch(/^version_id: /);
  });

  it('installs the first version: server-side files verified by both hashes, client-only files skipped, overrides applied', async () => {
    const queued = await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: older.id });
    expect(queued.statusCode, queued.body).toBe(202);
    expect(ServerModpackSchema.strict().parse(queued.json()).target_version_id).toBe(older.id);

    const done = await untilSettled(server.id);
    expect(done.error).toBeNull();
    expect(done.state).toBe('installed');
    expect(done.version_id).toBe(older.id);
    expect(done.progress.files_total).toBeGreaterThan(0);
    expect(done.progress.files_done).toBe(done.progress.files_total);
    expect(done.progress.bytes_done).toBe(done.progress.bytes_total);

    const { index, entries } = await packOf(older);
    const serverFiles = index.files.filter((f) => f.env.server !== 'unsupported');
    const clientFiles = index.files.filter((f) => f.env.server === 'unsupported');
    expect(serverFiles.length).toBe(2);
    expect(clientFiles.length).toBe(1);
    for (const file of serverFiles) expect(await held(file.path), file.path).toMatchObject({ sha1: file.hashes.sha1, sha512: file.hashes.sha512 });
    for (const file of clientFiles) expect(await held(file.path), file.path).toBeUndefined();
    expect(done.skipped).toEqual(expect.arrayContaining([...clientFiles.map((f) => f.path), 'client-overrides/options.txt']));
    expect(await held('options.txt')).toBeUndefined();
    // overrides/ then server-overrides/: the server's copy of the rules wins.
    expect(await text('config/trailhead/rules.txt')).toBe(strFromU8(entries['server-overrides/config/trailhead/rules.txt']!));
    expect(await text('config/trailhead/welcome.txt')).toBe(strFromU8(entries['overrides/config/trailhead/welcome.txt']!));
    expect(await text('server-icon-note.txt')).toBe(strFromU8(entries['server-overrides/server-icon-note.txt']!));
    const recorded = new Map(done.files.map((f) => [f.path, f]));
    const welcome = entries['overrides/config/trailhead/welcome.txt']!;
    expect(recorded.get('config/trailhead/welcome.txt')?.sha1).toBe(createHash('sha1').update(welcome).digest('hex'));
    expect(done.update_version_id).toBe(newer.id);

    // Status shows the pack's game version.
    const status = ServerSchema.strict().parse((await call('GET', `/v2/servers/${server.id}`, owner.session)).json());
    expect(status.game_version).toBe(index.dependencies.minecraft);
    expect(status.loader).toBe('vanilla');
  });

  it('previews the update: files added, removed and updated, and the pack versions in between with changelogs', async () => {
    const response = await call('GET', `/v2/servers/${server.id}/modpack/update-preview?version_id=${newer.id}`, owner.session);
    expect(response.statusCode, response.body).toBe(200);
    const preview = ServerModpackPreviewSchema.strict().parse(response.json());
    expect(preview.from.version_id).toBe(older.id);
    expect(preview.to.version_id).toBe(newer.id);
    expect(preview.platform.changes).toBe(false);
    expect(preview.versions_between.map((v) => v.id)).toEqual([newer.id]);
    expect(preview.versions_between[0]!.changelog).toContain(newer.version_number);
    expect(preview.files.added).toContain('config/trailhead/notice-board.txt');
    expect(preview.files.updated).toEqual(expect.arrayContaining(['config/trailhead/rules.txt', 'config/trailhead/welcome.txt']));
    expect(preview.files.added.some((p) => p.startsWith('plugins/welcome-sign-'))).toBe(true);
    expect(preview.files.removed.some((p) => p.startsWith('plugins/welcome-sign-'))).toBe(true);
  });

  it('updates to the newer version, keeping the world and a config the user changed (the pack writes its copy beside it)', async () => {
    const before = (await untilSettled(server.id)).files;
    expect((await callAgent(agent, 'PUT', `/api/servers/${server.id}/files/contents?path=config/trailhead/welcome.txt`, 'Our own welcome text\n')).status).toBeLessThan(300);
    expect((await callAgent(agent, 'PUT', `/api/servers/${server.id}/files/contents?path=world/camp-marker.txt`, 'built here\n')).status).toBeLessThan(300);

    const queued = await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: newer.id });
    expect(queued.statusCode, queued.body).toBe(202);
    const done: ServerModpack = await eventually(async () => {
      const pack = await untilSettled(server.id);
      return pack.target_version_id === newer.id ? pack : undefined;
    }, 120_000, 'update finished');
    expect(done.error).toBeNull();
    expect(done.version_id).toBe(newer.id);

    const { index, entries } = await packOf(newer);
    for (const file of index.files.filter((f) => f.env.server !== 'unsupported')) expect(await held(file.path), file.path).toMatchObject({ sha1: file.hashes.sha1, sha512: file.hashes.sha512 });
    for (const old of before.filter((f) => f.source === 'download' && !index.files.some((n) => n.path === f.path))) expect(await held(old.path), old.path).toBeUndefined();
    expect(await text('config/trailhead/welcome.txt')).toBe('Our own welcome text\n');
    expect(await text('config/trailhead/welcome.txt.pack-new')).toBe(strFromU8(entries['overrides/config/trailhead/welcome.txt']!));
    expect(done.conflicts).toEqual([{ path: 'config/trailhead/welcome.txt', written_as: 'config/trailhead/welcome.txt.pack-new' }]);
    expect(await text('config/trailhead/rules.txt')).toBe(strFromU8(entries['server-overrides/config/trailhead/rules.txt']!));
    expect(await text('config/trailhead/notice-board.txt')).toBe(strFromU8(entries['server-overrides/config/trailhead/notice-board.txt']!));
    expect(await text('world/camp-marker.txt')).toBe('built here\n');
    expect(done.update_version_id).toBeNull();
  });

  it('fails naming a file no download yields with its hashes, and keeps the installed pack as it was', async () => {
    const creator = await insertUserWithTokens(ctx.database.db);
    const broken = await insertProject(ctx.database.db, { ownerId: creator.id, slug: 'broken-camp', title: 'Broken Camp', declaredType: 'modpack', clientSide: 'optional', serverSide: 'required' });
    const ghost = randomBytes(64);
    const index = {
      formatVersion: 1,
      game: 'minecraft',
      versionId: '1.0.0',
      name: 'Broken Camp',
      files: [
        {
          path: 'plugins/ghost.zip',
          hashes: { sha1: createHash('sha1').update(ghost).digest('hex'), sha512: createHash('sha512').update(ghost).digest('hex') },
          env: { client: 'unsupported', server: 'required' },
          downloads: [`${new URL(ctx.config.publicApiUrl).origin}/data/AAAAAAAA/versions/BBBBBBBB/ghost.zip`],
          fileSize: ghost.length,
        },
      ],
      dependencies: { minecraft: '1.21.4' },
    };
    const bytes = Buffer.from(zipSync({ 'modrinth.index.json': strToU8(JSON.stringify(index)) }));
    const posted = await postVersion(ctx.app, creator.pat, versionData(broken.key, { loaders: ['mrpack', 'flying-squid'], game_versions: ['1.21.4'] }), [{ part: 'file', filename: 'broken-camp-1.0.0.mrpack', bytes }]);
    expect(posted.statusCode, posted.body).toBe(200);
    const before = await untilSettled(server.id);

    expect((await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: posted.json<{ id: string }>().id })).statusCode).toBe(202);
    const failed = await eventually(async () => {
      const pack = await untilSettled(server.id);
      return pack.state === 'failed' ? pack : undefined;
    }, 120_000, 'the job failing');
    expect(failed.error).toMatch(/^plugins\/ghost\.zip could not be downloaded: .*no public file of the catalogue has this hash/);
    expect(await held('plugins/ghost.zip')).toBeUndefined();
    // What is installed is still the previous pack, version and files.
    expect(failed).toMatchObject({ project_id: before.project_id, version_id: before.version_id, files: before.files });
    // Installing the previous version again settles the server back.
    expect((await call('POST', `/v2/servers/${server.id}/modpack`, owner.session, { version_id: before.version_id })).statusCode).toBe(202);
    expect(
      await eventually(async () => {
        const pack = await untilSettled(server.id);
        return pack.target_version_id === before.version_id && pack.state === 'installed' ? pack : undefined;
      }, 120_000, 'reinstalled'),
    ).toMatchObject({ version_id: before.version_id, files: before.files, conflicts: [] });
    // The changed config was reported on the update; the same version again leaves it quietly as the user has it.
    expect(await text('config/trailhead/welcome.txt')).toBe('Our own welcome text\n');
  });

  it("runs the pack's plugins once the job has restarted the running server, and a player joins it", async () => {
    // The job restarts a running server after installing: the new plugin version announces itself at start.
    const { index } = await packOf(newer);
    const welcomeVersion = /welcome-sign-(.+)\.zip$/.exec(index.files.find((f) => f.path.startsWith('plugins/welcome-sign-'))!.path)![1]!;
    await eventually(async () => ((await consoleHistory(agent, server.id)).some((l) => l.includes(`[Welcome Sign ${welcomeVersion}] enabled`)) ? true : undefined), 120_000, 'the new plugin version loaded');
    await untilRunning(owner, server.id);
    const access = ServerAccessSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/access`, owner.session)).json());
    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    try {
      const before = socket.messages.length;
      expect((await callAgent(agent, 'POST', `/api/servers/${server.id}/command`, { command: 'welcome camper' }, access.token)).status).toBeLessThan(300);
      await eventually(async () => (socket.messages.slice(before).some((m) => m.line && /Welcome, camper!/.test(m.line)) ? true : undefined), 30_000, 'the pack plugin answering');
    } finally {
      socket.close();
    }

    // A player joins the server running the pack, on the pack's game version.
    const client = minecraft.createClient({ host: '127.0.0.1', port: server.net!.port, username: 'Camper', auth: 'offline', version: index.dependencies.minecraft! });
    try {
      await new Promise<void>((resolve, reject) => {
        client.once('playerJoin', () => resolve());
        client.once('error', reject);
      });
    } finally {
      client.end('done');
    }
  });
});
