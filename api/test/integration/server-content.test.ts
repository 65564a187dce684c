import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentResultSchema, ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import { ServerContentChangeSchema, ServerContentListSchema, ServerContentSchema } from '@cairn/shared/schemas/server-content';
import { ServerAccessSchema, ServerListSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { postVersion, versionData } from '../helpers/versions.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, callAgent, eventually, freePort, openConsole, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { demoServerPlugin, SIGNPOST_SLUG, WELCOME_SIGN_SLUG } from '../../src/db/seed/demo-server-plugins.js';

/**
 * Catalogue content on a real server: a real node agent runs a real flying-squid server, the
 * demo plugin pair is published through the real version upload, installed through the API, and
 * its effect read back from the server's console.
 */
let ctx: TestContext;
let actors: Actors;
let agent: TestAgent;
let small: Product;

const call = testClient(() => ctx.app);

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
  actors = await createActors(ctx.database.db);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

/** Publishes a version with the given file through POST /v2/version; answers its id. */
async function publish(creator: TestUser, project: InsertedProject, file: { filename: string; bytes: Buffer }, data: Parameters<typeof versionData>[1]): Promise<string> {
  const response = await postVersion(ctx.app, creator.pat, versionData(project.key, data), [{ part: 'file', filename: file.filename, bytes: file.bytes }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}

async function buyRunningServer(user: TestUser, name: string): Promise<Server> {
  const card = await saveSandboxCard(ctx.app, user.session);
  const paid = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name } } });
  expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
  const { id } = ServerListSchema.strict().parse((await call('GET', '/v2/servers', user.session)).json()).servers.find((s) => s.name === name)!;
  return untilRunning(user, id);
}

const untilRunning = (user: TestUser, id: string) =>
  eventually(async () => {
    const server = ServerSchema.strict().parse((await call('GET', `/v2/servers/${id}`, user.session)).json());
    return server.status === 'available' && server.state === 'running' ? server : undefined;
  }, 120_000, 'server running');

describe('content on a hosted server', () => {
  let owner: TestUser;
  let creator: TestUser;
  let server: Server;
  let signpost: InsertedProject;
  let welcome: InsertedProject;
  let paperOnly: InsertedProject;
  let needsMissing: InsertedProject;
  let welcomeV1: string;
  let welcomeV2: string;

  const nodeFiles = async (folder: string) => {
    const response = await callAgent(agent, 'GET', `/api/servers/${server.id}/files/list?path=${folder}`);
    return AgentFileListSchema.parse(await response.json()).entries.map((e) => e.name).sort();
  };
  const list = async () => {
    const response = await call('GET', `/v2/servers/${server.id}/content`, owner.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerContentListSchema.strict().parse(response.json());
  };
  /** Restarts the server, then sends a console command and answers the console lines that came after it. */
  async function restartAndRun(command: string, expected: RegExp): Promise<string[]> {
    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'restart' })).statusCode).toBe(204);
    await eventually(async () => ((await call('GET', `/v2/servers/${server.id}`, owner.session)).json<Server>().state !== 'running' ? true : undefined), 30_000, 'restart begun').catch(() => true);
    await untilRunning(owner, server.id);
    const access = ServerAccessSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/access`, owner.session)).json());
    const socket = await openConsole(`${access.console_url}?token=${encodeURIComponent(access.token)}`);
    try {
      const before = socket.messages.length;
      const sent = await callAgent(agent, 'POST', `/api/servers/${server.id}/command`, { command }, access.token);
      expect(sent.status).toBeLessThan(300);
      return await eventually(async () => {
        const lines = socket.messages.slice(before).flatMap((m) => (m.line ? [m.line] : []));
        return lines.some((l) => expected.test(l)) ? lines : undefined;
      }, 30_000, `console answer to ${command}`);
    } finally {
      socket.close();
    }
  }

  beforeAll(async () => {
    owner = await insertUserWithTokens(ctx.database.db);
    creator = await insertUserWithTokens(ctx.database.db);
    const db = ctx.database.db;
    signpost = await insertProject(db, { ownerId: creator.id, slug: SIGNPOST_SLUG, title: 'Signpost', categories: ['library'], clientSide: 'unsupported', serverSide: 'required' });
    welcome = await insertProject(db, { ownerId: creator.id, slug: WELCOME_SIGN_SLUG, title: 'Welcome Sign', clientSide: 'unsupported', serverSide: 'required' });
    paperOnly = await insertProject(db, { ownerId: creator.id, slug: 'paper-only', title: 'Paper Only Plugin' });
    needsMissing = await insertProject(db, { ownerId: creator.id, slug: 'needs-paper', title: 'Needs Paper' });
    const plugin = { loaders: ['flying-squid'], game_versions: ['1.21.4'] };
    await publish(creator, signpost, demoServerPlugin(SIGNPOST_SLUG, '1.0.0'), { ...plugin, version_number: '1.0.0' });
    const requires = [{ project_id: signpost.key, dependency_type: 'required' }];
    welcomeV1 = await publish(creator, welcome, demoServerPlugin(WELCOME_SIGN_SLUG, '1.0.0'), { ...plugin, version_number: '1.0.0', dependencies: requires });
    welcomeV2 = await publish(creator, welcome, demoServerPlugin(WELCOME_SIGN_SLUG, '1.1.0'), { ...plugin, version_number: '1.1.0', dependencies: requires });
    await publish(creator, paperOnly, { filename: 'paper-only.jar', bytes: demoServerPlugin(SIGNPOST_SLUG, '9.0.0').bytes }, { loaders: ['paper'], game_versions: ['1.21.4'] });
    await publish(creator, needsMissing, demoServerPlugin(SIGNPOST_SLUG, '2.0.0'), { ...plugin, dependencies: [{ project_id: paperOnly.key, dependency_type: 'required' }] });
    server = await buyRunningServer(owner, 'Content World');
  }, 240_000);

  it('lists nothing yet, with the loaders and game version the server accepts', async () => {
    expect(await list()).toEqual({ loaders: ['flying-squid'], game_version: '1.21.4', content: [] });
  });

  it('installs a plugin with its required library; both files land on the node and the plugin works after a restart', async () => {
    const response = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: welcome.key, version_id: welcomeV1 });
    expect(response.statusCode, response.body).toBe(201);
    const { installed } = ServerContentChangeSchema.strict().parse(response.json());
    expect(installed.map((c) => [c.title, c.version_number, c.dependency_of])).toEqual([
      ['Welcome Sign', '1.0.0', null],
      ['Signpost', '1.0.0', welcome.key],
    ]);
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.0.0.zip']);
    const listed = (await list()).content;
    expect(listed.find((c) => c.project_id === welcome.key)).toMatchObject({ kind: 'plugin', folder: 'plugins', enabled: true, update_version_id: welcomeV2, update_version_number: '1.1.0' });
    expect(listed.find((c) => c.project_id === signpost.key)).toMatchObject({ update_version_id: null });

    const lines = await restartAndRun('welcome tester', /Welcome, tester!/);
    expect(lines.find((l) => l.includes('Welcome, tester!'))).toContain('[Welcome Sign 1.0.0]');
  }, 180_000);

  it('refuses installing it twice, unknown and incompatible content, and a plugin whose dependency has no compatible version, naming them', async () => {
    const again = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: welcome.key });
    expect(again.statusCode).toBe(409);
    const unknown = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: 'zzzzzzzz' });
    expect(unknown.statusCode).toBe(400);
    expect(ErrorBodySchema.strict().parse(unknown.json())).toEqual({ error: 'unknown_project', description: expect.stringMatching(/^project_id: project zzzzzzzz /) });
    const paper = ErrorBodySchema.strict().parse((await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: paperOnly.key })).json());
    expect(paper).toEqual({ error: 'incompatible_content', description: 'project_id: Paper Only Plugin has no version for this server (flying-squid on 1.21.4)' });
    const missing = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: needsMissing.key });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ description: string }>().description).toBe('project_id (required by Needs Paper): Paper Only Plugin has no version for this server (flying-squid on 1.21.4)');
    const wrongVersion = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: paperOnly.key, version_id: welcomeV1 });
    expect(wrongVersion.statusCode).toBe(400);
    expect(wrongVersion.json<{ error: string; description: string }>()).toMatchObject({ error: 'unknown_version', description: expect.stringMatching(/^version_id: /) });
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.0.0.zip']);
  });

  it('shows and changes content only for the owner (and admins)', async () => {
    expect((await call('GET', `/v2/servers/${server.id}/content`, actors.stranger.session)).statusCode).toBe(404);
    expect((await call('POST', `/v2/servers/${server.id}/content`, actors.stranger.session, { project_id: welcome.key })).statusCode).toBe(404);
    expect((await call('DELETE', `/v2/servers/${server.id}/content/${welcome.key}`, actors.stranger.session)).statusCode).toBe(404);
    expect((await call('GET', `/v2/servers/${server.id}/content`)).statusCode).toBe(401);
    expect((await call('GET', `/v2/servers/${server.id}/content`, actors.admin.session)).statusCode).toBe(200);
  });

  it('disables the plugin: the file is renamed and the command is gone after a restart; enabling brings it back', async () => {
    const response = await call('PATCH', `/v2/servers/${server.id}/content/${welcome.key}`, owner.session, { enabled: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(ServerContentSchema.strict().parse(response.json())).toMatchObject({ enabled: false, file_name: 'welcome-sign-1.0.0.zip.disabled' });
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.0.0.zip.disabled']);
    const lines = await restartAndRun('welcome nobody', /Unknown command "welcome"/);
    expect(lines.some((l) => l.includes('Welcome, nobody!'))).toBe(false);

    expect((await call('PATCH', `/v2/servers/${server.id}/content/${welcome.key}`, owner.session, { enabled: true })).statusCode).toBe(200);
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.0.0.zip']);
  }, 180_000);

  it('updates to the newer version (old file replaced) and removes content', async () => {
    const response = await call('POST', `/v2/servers/${server.id}/content/${welcome.key}/update`, owner.session, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(ServerContentChangeSchema.strict().parse(response.json()).installed).toEqual([
      expect.objectContaining({ project_id: welcome.key, version_id: welcomeV2, version_number: '1.1.0', update_version_id: null, dependency_of: null }),
    ]);
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.1.0.zip']);
    const lines = await restartAndRun('welcome again', /Welcome, again!/);
    expect(lines.find((l) => l.includes('Welcome, again!'))).toContain('[Welcome Sign 1.1.0]');

    expect((await call('DELETE', `/v2/servers/${server.id}/content/${welcome.key}`, owner.session)).statusCode).toBe(204);
    expect((await call('DELETE', `/v2/servers/${server.id}/content/${welcome.key}`, owner.session)).statusCode).toBe(404);
    expect(await nodeFiles('plugins')).toEqual(['signpost-lib-1.0.0.zip']);
    expect((await list()).content.map((c) => c.title)).toEqual(['Signpost']);
    expect((await call('POST', `/v2/servers/${server.id}/power`, owner.session, { action: 'stop' })).statusCode).toBe(204);
  }, 180_000);
});
