import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { strToU8, zipSync } from 'fflate';
import { PaymentResultSchema, ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ErrorBodySchema } from '@cairn/shared/schemas/common';
import { AgentFileListSchema } from '@cairn/shared/schemas/node-agent';
import {
  ServerContentChangeSchema,
  ServerContentListSchema,
  ServerContentSchema,
  ServerContentUpdateAllSchema,
  ServerContentUpdatePreviewSchema,
} from '@cairn/shared/schemas/server-content';
import { ServerListSchema, ServerSchema, type Server } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { createActors, insertUserWithTokens, type Actors, type TestUser } from '../factories/users.js';
import { insertProject, type InsertedProject } from '../factories/catalogue.js';
import { postVersion, versionData } from '../helpers/versions.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, callAgent, eventually, freePort, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import { demoServerPlugin, SIGNPOST_SLUG, WELCOME_SIGN_SLUG } from '../../src/db/seed/demo-server-plugins.js';

/**
 * Pinned content and previewed updates on a real server (a real node agent running flying-squid):
 * a pinned library stays at its version through "Update all", the preview lists the versions in
 * between with their changelogs and the new required dependency an update brings.
 */
let ctx: TestContext;
let actors: Actors;
let agent: TestAgent;
let small: Product;
let owner: TestUser;
let creator: TestUser;
let server: Server;
let signpost: InsertedProject;
let welcome: InsertedProject;
let lantern: InsertedProject;

const call = testClient(() => ctx.app);
const plugin = { loaders: ['flying-squid'], game_versions: ['1.21.4'] };
/** A plugin archive of the built-in runtime that does nothing (a library other plugins require). */
const quietPlugin = (name: string) => ({ filename: `${name}.zip`, bytes: Buffer.from(zipSync({ 'index.js': strToU8('module.exports.server = () => {};\n') })) });

async function publish(project: InsertedProject, file: { filename: string; bytes: Buffer }, data: Parameters<typeof versionData>[1]): Promise<string> {
  const response = await postVersion(ctx.app, creator.pat, versionData(project.key, data), [{ part: 'file', filename: file.filename, bytes: file.bytes }]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string }>().id;
}
const nodeFiles = async () => {
  const response = await callAgent(agent, 'GET', `/api/servers/${server.id}/files/list?path=plugins`);
  return AgentFileListSchema.parse(await response.json()).entries.map((e) => e.name).sort();
};
const content = async () => ServerContentListSchema.strict().parse((await call('GET', `/v2/servers/${server.id}/content`, owner.session)).json()).content;
const preview = async (query = '') => {
  const response = await call('GET', `/v2/servers/${server.id}/content/updates${query}`, owner.session);
  expect(response.statusCode, response.body).toBe(200);
  return ServerContentUpdatePreviewSchema.strict().parse(response.json());
};
const updateAll = async () => {
  const response = await call('POST', `/v2/servers/${server.id}/content/update-all`, owner.session);
  expect(response.statusCode, response.body).toBe(200);
  return ServerContentUpdateAllSchema.strict().parse(response.json());
};

beforeAll(async () => {
  agent = await startTestAgent();
  const first = await freePort();
  ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
  actors = await createActors(ctx.database.db);
  const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
  small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
  owner = await insertUserWithTokens(ctx.database.db);
  creator = await insertUserWithTokens(ctx.database.db);
  const db = ctx.database.db;
  signpost = await insertProject(db, { ownerId: creator.id, slug: SIGNPOST_SLUG, title: 'Signpost', categories: ['library'], clientSide: 'unsupported', serverSide: 'required' });
  welcome = await insertProject(db, { ownerId: creator.id, slug: WELCOME_SIGN_SLUG, title: 'Welcome Sign', clientSide: 'unsupported', serverSide: 'required' });
  lantern = await insertProject(db, { ownerId: creator.id, slug: 'lantern-lib', title: 'Lantern', categories: ['library'], clientSide: 'unsupported', serverSide: 'required' });
  const requires = (...keys: string[]) => keys.map((key) => ({ project_id: key, dependency_type: 'required' }));
  await publish(signpost, demoServerPlugin(SIGNPOST_SLUG, '1.0.0'), { ...plugin, version_number: '1.0.0' });
  await publish(lantern, quietPlugin('lantern-lib-1.0.0'), { ...plugin, version_number: '1.0.0' });
  const welcomeV100 = await publish(welcome, demoServerPlugin(WELCOME_SIGN_SLUG, '1.0.0'), { ...plugin, version_number: '1.0.0', dependencies: requires(signpost.key) });
  await publish(welcome, demoServerPlugin(WELCOME_SIGN_SLUG, '1.0.5'), { ...plugin, version_number: '1.0.5', changelog: 'Fixes the greeting of long names.', dependencies: requires(signpost.key) });
  await publish(welcome, demoServerPlugin(WELCOME_SIGN_SLUG, '1.1.0'), { ...plugin, version_number: '1.1.0', changelog: 'Lights the sign at night.', dependencies: requires(signpost.key, lantern.key) });

  const card = await saveSandboxCard(ctx.app, owner.session);
  const paid = await call('POST', '/v2/billing/payment', owner.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name: 'Pinned World' } } });
  expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
  const { id } = ServerListSchema.strict().parse((await call('GET', '/v2/servers', owner.session)).json()).servers.find((s) => s.name === 'Pinned World')!;
  server = await eventually(async () => {
    const found = ServerSchema.strict().parse((await call('GET', `/v2/servers/${id}`, owner.session)).json());
    return found.status === 'available' && found.state === 'running' ? found : undefined;
  }, 120_000, 'server running');

  // Welcome Sign 1.0.0 with Signpost 1.0.0; then Signpost 1.1.0 comes out.
  const installed = await call('POST', `/v2/servers/${server.id}/content`, owner.session, { project_id: welcome.key, version_id: welcomeV100 });
  expect(installed.statusCode, installed.body).toBe(201);
  await publish(signpost, demoServerPlugin(SIGNPOST_SLUG, '1.1.0'), { ...plugin, version_number: '1.1.0', changelog: 'Sturdier posts.' });
}, 240_000);
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

describe('pinned content and previewed updates', () => {
  it('pins a project; a single update of it is refused until it is unpinned', async () => {
    const pinned = await call('PATCH', `/v2/servers/${server.id}/content/${signpost.key}`, owner.session, { pinned: true });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(ServerContentSchema.strict().parse(pinned.json())).toMatchObject({ pinned: true, version_number: '1.0.0', update_version_number: '1.1.0', enabled: true });
    const refused = await call('POST', `/v2/servers/${server.id}/content/${signpost.key}/update`, owner.session, {});
    expect(refused.statusCode).toBe(409);
    expect(ErrorBodySchema.strict().parse(refused.json())).toMatchObject({ error: 'content_pinned', description: expect.stringMatching(/pinned/) });
    expect((await call('PATCH', `/v2/servers/${server.id}/content/${signpost.key}`, owner.session, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/v2/servers/${server.id}/content/${signpost.key}`, actors.stranger.session, { pinned: false })).statusCode).toBe(404);
  });

  it('previews the updates: versions in between with changelogs, the new required dependency, and the pinned one apart', async () => {
    const all = await preview();
    expect(all.updates).toHaveLength(1);
    const [update] = all.updates;
    expect(update).toMatchObject({ project_id: welcome.key, title: 'Welcome Sign', from: { version_number: '1.0.0' }, to: { version_number: '1.1.0' }, versions_between_truncated: false });
    expect(update!.versions_between.map((v) => [v.version_number, v.changelog])).toEqual([
      ['1.0.5', 'Fixes the greeting of long names.'],
      ['1.1.0', 'Lights the sign at night.'],
    ]);
    expect(update!.new_dependencies).toEqual([expect.objectContaining({ project_id: lantern.key, title: 'Lantern', version_number: '1.0.0' })]);
    expect(all.pinned).toEqual([{ project_id: signpost.key, title: 'Signpost', version_number: '1.0.0', update_version_number: '1.1.0' }]);

    // One project, pinned or not, shows what updating it would do.
    const one = await preview(`?project_id=${signpost.key}`);
    expect(one.updates.map((u) => [u.title, u.to.version_number, u.versions_between.map((v) => v.changelog)])).toEqual([['Signpost', '1.1.0', ['Sturdier posts.']]]);
    expect((await call('GET', `/v2/servers/${server.id}/content/updates?project_id=zzzzzzzz`, owner.session)).statusCode).toBe(404);
    // Nothing changed by looking.
    expect(await nodeFiles()).toEqual(['signpost-lib-1.0.0.zip', 'welcome-sign-1.0.0.zip']);
  });

  it('"Update all" updates the rest with its new dependency and leaves the pinned mod where it is, saying so', async () => {
    const result = await updateAll();
    expect(result.installed.map((c) => [c.title, c.version_number]).sort()).toEqual([
      ['Lantern', '1.0.0'],
      ['Welcome Sign', '1.1.0'],
    ]);
    expect(result.skipped_pinned).toEqual([{ project_id: signpost.key, title: 'Signpost', version_number: '1.0.0' }]);
    expect(await nodeFiles()).toEqual(['lantern-lib-1.0.0.zip', 'signpost-lib-1.0.0.zip', 'welcome-sign-1.1.0.zip']);
    expect((await content()).find((c) => c.project_id === signpost.key)).toMatchObject({ version_number: '1.0.0', pinned: true });
    // Nothing left to update but the pinned one.
    expect((await preview()).updates).toEqual([]);
    expect((await updateAll()).installed).toEqual([]);
  }, 120_000);

  it('unpinned, the next "Update all" moves it on', async () => {
    expect((await call('PATCH', `/v2/servers/${server.id}/content/${signpost.key}`, owner.session, { pinned: false })).statusCode).toBe(200);
    const result = await updateAll();
    expect(result.installed.map((c) => [c.title, c.version_number])).toEqual([['Signpost', '1.1.0']]);
    expect(result.skipped_pinned).toEqual([]);
    expect(await nodeFiles()).toEqual(['lantern-lib-1.0.0.zip', 'signpost-lib-1.1.0.zip', 'welcome-sign-1.1.0.zip']);
    ServerContentChangeSchema.parse({ installed: result.installed });
  }, 120_000);
});
