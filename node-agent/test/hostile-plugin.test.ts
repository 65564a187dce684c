import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_EXIT_OUT_OF_MEMORY } from '@cairn/shared/schemas/node-agent';
import { call, freePort, openConsole, startAgent, tempDir, TOKEN, waitFor, type AgentProcess } from './harness.js';
import { agentServers, canIsolate, DENIED_ATTEMPTS, expectHeartbeatStopped, hostilePluginZip, isolationSkipReason, processesOfUser, uidOfServer, type HostileProof, type Outcome } from './isolation.js';

const runs = canIsolate() || process.env.CI === 'true';
if (!runs) console.log(`hostile-plugin.test.ts: ${isolationSkipReason}`);

const PIDS_MAX = 96;

/**
 * A customer's flying-squid plugin that tries everything against the node (fixtures/
 * hostile-plugin.cjs), installed the way the product lets a customer install one: through the
 * Files routes, then a restart. Every attempt must fail, the server must keep serving, the other
 * customer's server must be untouched, and nothing of it may outlive its stop.
 */
describe.runIf(runs)('a hostile plugin on an isolated node', () => {
  let dataDir: string;
  let agent: AgentProcess;
  let evilPort: number;
  let otherPort: number;
  let proof: HostileProof;
  let proofText: string;
  const hostTmpMarker = path.join(os.tmpdir(), `cairn-hostile-${randomBytes(4).toString('hex')}`);
  const figures: Record<string, string> = {};

  const { folderOf, state, create, powerAndWait, expectIsolated } = agentServers(() => agent, () => dataDir);
  const ping = (port: number) => mc.ping({ host: '127.0.0.1', port, closeTimeout: 3000 });

  beforeAll(async () => {
    dataDir = await tempDir('agent-hostile');
    agent = await startAgent(dataDir, { NODE_AGENT_PIDS_MAX: String(PIDS_MAX) });
    evilPort = await freePort();
    otherPort = await freePort();
    await create('other1', { runtime: 'flying-squid', port: otherPort, memoryMib: 512 });
    await create('evil1', { runtime: 'flying-squid', port: evilPort, memoryMib: 256 });
    await powerAndWait('other1', 'start');
    await powerAndWait('evil1', 'start');
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    console.log('isolation figures:', figures);
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(hostTmpMarker, { force: true });
  });

  it('reports the node as isolated, with every limit enforced', () => expectIsolated('evil1'));

  it('runs the plugin installed through the Files routes, and every attempt it makes fails', async () => {
    const otherPid = (await processesOfUser(await uidOfServer(dataDir, 'other1')))[0];
    expect(otherPid).toBeGreaterThan(0);
    const targets = { dataDir, otherFolder: folderOf('other1'), otherId: 'other1', agentPid: agent.child.pid, otherPid, agentUrl: agent.url, hostTmpMarker, forkLimit: 4 * PIDS_MAX };
    expect((await call(agent.url, 'POST', '/api/servers/evil1/files/mkdir', { json: { path: '/plugins' } })).status).toBe(204);
    expect((await call(agent.url, 'POST', '/api/servers/evil1/files/upload?path=/plugins/x.zip', { body: await hostilePluginZip() })).status).toBe(201);
    expect((await call(agent.url, 'PUT', '/api/servers/evil1/files/contents?path=/hostile.json', { body: JSON.stringify(targets) })).status).toBe(200);
    const restartedAt = performance.now();
    await powerAndWait('evil1', 'restart');
    proofText = await waitFor(() => fs.readFile(path.join(folderOf('evil1'), 'hostile-proof.json'), 'utf8'), 60_000, 'the proof file');
    figures.restartToProofMs = (performance.now() - restartedAt).toFixed(0);
    proof = JSON.parse(proofText) as HostileProof;

    const uid = await uidOfServer(dataDir, 'evil1');
    expect(proof.identity.value).toMatch(new RegExp(`^uid=${uid}\\(server\\) gid=${uid}\\(server\\) groups=${uid}\\(server\\)$`));
    expect(proof.status.value).toMatch(/CapEff:\s+0{16}/);
    expect(proof.status.value).toMatch(/CapBnd:\s+0{16}/);
    expect(proof.status.value).toMatch(/NoNewPrivs:\s+1/);
    expect(proof.passwdFirstLine.value).toBe('root:x:0:0:root:/:/usr/sbin/nologin');
    expect(proof.environment.every((key) => !/TOKEN|SECRET|DATABASE|NODE_AGENT/i.test(key)), proof.environment.join(',')).toBe(true);
    for (const attempt of DENIED_ATTEMPTS) expect((proof[attempt] as Outcome).ok, `${attempt}: ${JSON.stringify(proof[attempt])}`).toBe(false);
    expect(proof.upwards).toEqual([]);
    // Its /proc shows the sandbox only: no agent, no test runner, no other server.
    expect(proof.proc.filter((line) => /main\.ts|vitest|node-agent\/src/.test(line))).toEqual([]);
    expect(proofText).not.toContain(TOKEN);
    expect(proof.agentWithoutToken).toEqual({ ok: false, value: 401 });
  });

  it('left the host, the agent and the other server untouched', async () => {
    for (const file of [path.join(folderOf('other1'), 'pwned.txt'), path.join(dataDir, 'pwned.txt'), '/pwned.txt', '/usr/local/pwned.txt', hostTmpMarker]) {
      expect(await fs.access(file).then(() => file, () => undefined)).toBeUndefined();
    }
    expect((await call(agent.url, 'GET', '/api/health')).status).toBe(200);
    expect((await state('other1')).state).toBe('running');
    await ping(otherPort);
  });

  it('stopped its fork bomb at the process limit, and the server keeps answering pings and commands', async () => {
    expect(proof.forks.refused).toBe('EAGAIN');
    expect(proof.forks.started).toBeLessThan(PIDS_MAX);
    figures.forksBeforeLimit = String(proof.forks.started);
    await ping(evilPort);
    const gameConsole = await openConsole(agent.url, 'evil1');
    try {
      gameConsole.send('save-all');
      await gameConsole.waitFor((m) => m.type === 'line' && m.line.includes('Saved the world'));
    } finally {
      gameConsole.close();
    }
  });

  it('leaves nothing running once the server stops', async () => {
    const uid = await uidOfServer(dataDir, 'evil1');
    const heartbeat = path.join(folderOf('evil1'), 'daemon-heartbeat');
    await waitFor(() => fs.readFile(heartbeat, 'utf8'), 10_000, 'the daemon heartbeat');
    await powerAndWait('evil1', 'stop');
    expect(await processesOfUser(uid)).toEqual([]);
    await expectHeartbeatStopped(heartbeat);
  });

  it('stops a server that allocates past its plan as out of memory, and the other keeps running', async () => {
    await fs.rm(path.join(folderOf('evil1'), 'hostile-proof.json'));
    await powerAndWait('evil1', 'start');
    await waitFor(() => fs.readFile(path.join(folderOf('evil1'), 'hostile-proof.json'), 'utf8'), 60_000, 'the plugin to run again').catch(async (error: unknown) => {
      const history = await openConsole(agent.url, 'evil1');
      process.stdout.write(JSON.stringify(await history.waitFor((m) => m.type === 'history'), null, 1));
      throw error;
    });
    expect((await call(agent.url, 'POST', '/api/servers/evil1/command', { json: { command: 'hog' } })).status).toBe(204);
    const stopped = await waitFor(async () => {
      const server = await state('evil1');
      return server.state === 'crashed' ? server : undefined;
    }, 30_000, 'the memory limit');
    expect(stopped.last_exit).toBe(AGENT_EXIT_OUT_OF_MEMORY);
    expect(await processesOfUser(await uidOfServer(dataDir, 'evil1'))).toEqual([]);
    expect((await state('other1')).state).toBe('running');
    await ping(otherPort);
  });
});
