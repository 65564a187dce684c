import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PaymentResultSchema, ProductSchema, type Product } from '@cairn/shared/schemas/billing';
import { ServerAccessSchema, ServerListSchema, ServerSchema, type Server, type ServerAccess } from '@cairn/shared/schemas/servers';
import { createTestContext, type TestContext } from '../harness.js';
import { testClient } from '../helpers/client.js';
import { insertUserWithTokens, type TestUser } from '../factories/users.js';
import { saveSandboxCard } from '../billing/sandbox-harness.js';
import { AGENT_TOKEN, eventually, freePort, pingMotd, startTestAgent, type TestAgent } from '../helpers/node-agent-process.js';
import {
  canIsolate,
  DENIED_ATTEMPTS,
  hostilePluginZip,
  isolationSkipReason,
  processesOfUser,
  uidOfServer,
  type HostileProof,
  type Outcome,
} from '../../../node-agent/test/isolation.js';

/**
 * The isolation boundary as a customer meets it, through the product's public API only: a
 * customer installs a hostile flying-squid plugin (node-agent/test/fixtures/hostile-plugin.cjs)
 * with the Files access the API hands out, restarts the server through the API, and downloads
 * the plugin's proof through the same Files access. Every attempt against the host, the node
 * agent and another customer's server must fail, and both servers must keep running.
 */
const runs = canIsolate() || process.env.CI === 'true';
if (!runs) console.log(`server-isolation.test.ts: ${isolationSkipReason}`);

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const proofCopy = path.join(repoRoot, 'test-results', 'isolation-proof.json');

describe.runIf(runs)('a hostile plugin a customer installs through the API', () => {
  let ctx: TestContext;
  let agent: TestAgent;
  let small: Product;
  let attacker: TestUser;
  let victim: TestUser;
  let evil: Server;
  let other: Server;
  let evilAccess: ServerAccess;
  let proof: HostileProof;
  let proofText: string;
  const marker = randomBytes(6).toString('hex');
  const evilName = `Evil ${marker}`;
  const otherName = `Victim ${marker}`;
  const otherSecret = `victim-secret-${randomBytes(12).toString('hex')}`;
  const hostTmpMarker = path.join(os.tmpdir(), `cairn-api-hostile-${marker}`);

  const call = testClient(() => ctx.app);

  const getServer = async (user: TestUser, id: string) => {
    const response = await call('GET', `/v2/servers/${id}`, user.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerSchema.strict().parse(response.json());
  };
  const untilRunning = (user: TestUser, id: string) =>
    eventually(async () => {
      const server = await getServer(user, id);
      return server.status === 'available' && server.state === 'running' ? server : undefined;
    }, 120_000, `${id} running`);

  async function buyServer(user: TestUser, name: string): Promise<string> {
    const card = await saveSandboxCard(ctx.app, user.session);
    const paid = await call('POST', '/v2/billing/payment', user.session, { payment_method_id: card, charge: { type: 'new', product_id: small.id, server: { name } } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(PaymentResultSchema.strict().parse(paid.json()).status).toBe('succeeded');
    return ServerListSchema.strict().parse((await call('GET', '/v2/servers', user.session)).json()).servers.find((s) => s.name === name)!.id;
  }

  /** GET /v2/servers/{id}/access as the customer does from the panel. */
  async function accessOf(user: TestUser, id: string): Promise<ServerAccess> {
    const response = await call('GET', `/v2/servers/${id}/access`, user.session);
    expect(response.statusCode, response.body).toBe(200);
    return ServerAccessSchema.strict().parse(response.json());
  }

  /** A Files route on the node, with the customer's short-lived node token. */
  const files = (access: ServerAccess, method: 'GET' | 'POST' | 'PUT', route: string, body?: { json: object } | { bytes: Uint8Array } | { text: string }) => {
    const headers: Record<string, string> = { authorization: `Bearer ${access.token}` };
    let payload: string | Uint8Array | undefined;
    if (body && 'json' in body) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body.json);
    } else if (body && 'bytes' in body) {
      headers['content-type'] = 'application/octet-stream';
      payload = body.bytes;
    } else if (body) {
      headers['content-type'] = 'text/plain; charset=utf-8';
      payload = body.text;
    }
    return fetch(`${access.files_url}/${route}`, { method, headers, body: payload });
  };

  const folderOf = (id: string) => path.join(agent.dataDir, 'servers', id);

  beforeAll(async () => {
    agent = await startTestAgent();
    const first = await freePort();
    ctx = await createTestContext({ jobs: true, env: { NODE_AGENT_URL: agent.url, NODE_AGENT_TOKEN: AGENT_TOKEN, SERVERS_PORT_RANGE: `${first}-${first + 3}` } });
    const products = z.array(ProductSchema.strict()).parse((await call('GET', '/v2/billing/products')).json());
    small = products.find((p) => p.metadata.type === 'pyro' && p.metadata.name === 'Small')!;
    attacker = await insertUserWithTokens(ctx.database.db);
    victim = await insertUserWithTokens(ctx.database.db);
    const otherId = await buyServer(victim, otherName);
    const evilId = await buyServer(attacker, evilName);
    [other, evil] = await Promise.all([untilRunning(victim, otherId), untilRunning(attacker, evilId)]);
    // The victim keeps a file of its own the attacker must never read.
    const otherAccess = await accessOf(victim, other.id);
    const secret = await files(otherAccess, 'PUT', 'contents?path=/secret.txt', { text: otherSecret });
    expect(secret.status, await secret.text()).toBe(200);
    await eventually(async () => ((await pingMotd(other.net!.port)).includes(otherName) ? true : undefined), 90_000, 'the victim answering a ping');
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
    await agent?.close();
    await fs.rm(hostTmpMarker, { force: true });
  });

  it('installs the plugin with the Files access, restarts through the API, and the downloaded proof shows every attempt denied', async () => {
    const otherUid = await uidOfServer(agent.dataDir, other.id);
    const otherPid = (await processesOfUser(otherUid))[0];
    expect(otherPid).toBeGreaterThan(0);
    const targets = {
      dataDir: agent.dataDir,
      otherFolder: folderOf(other.id),
      otherId: other.id,
      agentPid: agent.pid(),
      otherPid,
      agentUrl: agent.url,
      hostTmpMarker,
      forkLimit: 600,
    };

    evilAccess = await accessOf(attacker, evil.id);
    expect(evilAccess.permissions).toEqual(expect.arrayContaining(['files.read', 'files.write', 'control']));
    const mkdir = await files(evilAccess, 'POST', 'mkdir', { json: { path: '/plugins' } });
    expect(mkdir.status, await mkdir.text()).toBe(204);
    const upload = await files(evilAccess, 'POST', 'upload?path=/plugins/x.zip', { bytes: await hostilePluginZip() });
    expect(upload.status, await upload.text()).toBe(201);
    const written = await files(evilAccess, 'PUT', 'contents?path=/hostile.json', { text: JSON.stringify(targets) });
    expect(written.status, await written.text()).toBe(200);

    const restartedAt = performance.now();
    const restart = await call('POST', `/v2/servers/${evil.id}/power`, attacker.session, { action: 'restart' });
    expect(restart.statusCode, restart.body).toBe(204);
    // Downloaded the way the customer would: through their own Files access, not the host's disk.
    proofText = await eventually(async () => {
      const response = await files(evilAccess, 'GET', 'contents?path=/hostile-proof.json');
      if (response.status !== 200) return undefined;
      const text = await response.text();
      JSON.parse(text);
      return text;
    }, 90_000, 'the proof file');
    const seconds = ((performance.now() - restartedAt) / 1000).toFixed(1);
    proof = JSON.parse(proofText) as HostileProof;
    await fs.mkdir(path.dirname(proofCopy), { recursive: true });
    await fs.writeFile(proofCopy, proofText);
    const denied = DENIED_ATTEMPTS.filter((attempt) => (proof[attempt] as Outcome | undefined)?.ok === false).length;
    console.log(`server isolation: ${denied}/${DENIED_ATTEMPTS.length} attempts denied; proof ${seconds} s after restart, copied to ${path.relative(repoRoot, proofCopy)}`);

    const uid = await uidOfServer(agent.dataDir, evil.id);
    expect(uid).not.toBe(0);
    expect(uid).not.toBe(otherUid);
    expect(proof.identity.value).toMatch(new RegExp(`^uid=${uid}\\(server\\) gid=${uid}\\(server\\) groups=${uid}\\(server\\)$`));
    expect(proof.identity.value).not.toMatch(/^uid=0\(/);
    for (const attempt of DENIED_ATTEMPTS) expect((proof[attempt] as Outcome).ok, `${attempt}: ${JSON.stringify(proof[attempt])}`).toBe(false);
    expect(proof.environment.every((key) => !/TOKEN|SECRET|DATABASE|NODE_AGENT/i.test(key)), proof.environment.join(',')).toBe(true);
    expect(proof.upwards).toEqual([]);
    expect(proof.agentWithoutToken).toEqual({ ok: false, value: 401 });
    // Its fork bomb ran into the node's process limit instead of the host's.
    expect(proof.forks.refused).toBe('EAGAIN');
    expect(proofText).not.toContain(AGENT_TOKEN);
    expect(proofText).not.toContain(otherSecret);
    expect(proofText).not.toContain(otherName);
  }, 180_000);

  it("left the other customer's server, the agent's data and the host untouched", async () => {
    expect(proof, 'the proof was downloaded').toBeDefined();
    for (const file of [path.join(folderOf(other.id), 'pwned.txt'), path.join(agent.dataDir, 'pwned.txt'), '/pwned.txt', '/usr/local/pwned.txt', hostTmpMarker]) {
      expect(await fs.access(file).then(() => file, () => undefined)).toBeUndefined();
    }
    const otherAccess = await accessOf(victim, other.id);
    const listed = await files(otherAccess, 'GET', 'list?path=/');
    expect(listed.status).toBe(200);
    expect(await listed.text()).not.toContain('pwned');
    // The attacker's own node token opens nothing of the other server.
    expect((await fetch(`${otherAccess.files_url}/list?path=/`, { headers: { authorization: `Bearer ${evilAccess.token}` } })).status).toBe(403);

    expect(await getServer(victim, other.id)).toMatchObject({ status: 'available', state: 'running', isolated: true });
    expect(await pingMotd(other.net!.port)).toContain(otherName);
  });

  it("keeps the attacker's own server running, isolated, and answering pings", async () => {
    expect(proof, 'the proof was downloaded').toBeDefined();
    const server = await untilRunning(attacker, evil.id);
    await eventually(async () => ((await pingMotd(server.net!.port)).includes(evilName) ? true : undefined), 60_000, "the attacker's server answering a ping");
    expect(await getServer(attacker, evil.id)).toMatchObject({ state: 'running', isolated: true });
  }, 90_000);
});
