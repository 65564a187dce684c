import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import mc from 'minecraft-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentServerOptionsResultSchema } from '@cairn/shared/schemas/node-agent';
import { call, expectShape, freePort, openConsole, startAgent, tempDir, TOKEN, waitFor, type AgentProcess } from './harness.js';
import { agentServers, canIsolate, DENIED_ATTEMPTS, expectHeartbeatStopped, isolationSkipReason, processesOfUser, uidOfServer, type HostileProof, type Outcome } from './isolation.js';

const run = promisify(execFile);

/** The JDK that `javac` on PATH belongs to (javac, jar and java side by side in its bin/). */
function findJdk(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    try {
      const home = path.dirname(path.dirname(realpathSync(path.join(dir, 'javac'))));
      for (const tool of ['javac', 'jar', 'java']) accessSync(path.join(home, 'bin', tool), constants.X_OK);
      return home;
    } catch {
      // no JDK here
    }
  }
  return undefined;
}

const jdk = findJdk();
const skipReason = !(canIsolate() || process.env.CI === 'true') ? isolationSkipReason : jdk === undefined ? 'the hostile java agent is compiled at test time and needs a JDK with javac on PATH (apt-get install openjdk-17-jdk-headless); skipped on this machine' : undefined;
if (skipReason) console.log(`hostile-java.test.ts: ${skipReason}`);

// A JVM runs a score of threads before main(), and each child it starts costs a reaper thread too.
const PIDS_MAX = 128;
// Each server's cgroup is named by its id alone, in a folder every agent on the host shares: ids
// of its own keep this suite's servers apart from those of agents other test files run alongside.
const suffix = randomBytes(3).toString('hex');
const OTHER = `other-${suffix}`;
const EVIL = `evil-${suffix}`;
const SERVER_JAR = 'paper-1.21.4.jar';
const SOURCES = fileURLToPath(new URL('./fixtures/hostile-java/', import.meta.url));
/** Attempts only the Java agent makes: `kill -9` through a child process besides ProcessHandle. */
const JAVA_DENIED_ATTEMPTS = ['signalAgentKill9', 'signalOtherKill9'] as const;

/** `<prefix>.class` and its nested classes in `classes`, as `-C classes <file>` jar arguments. */
async function classArgs(classes: string, prefix: string): Promise<string[]> {
  const names = (await fs.readdir(classes)).filter((name) => name === `${prefix}.class` || name.startsWith(`${prefix}$`));
  return names.flatMap((name) => ['-C', classes, name]);
}

/**
 * Compiles the fixtures with the machine's JDK into the operator's server jar (in `jarsDir`,
 * named as the agent requires) and the customer's -javaagent jar; returns the latter's path.
 */
async function buildJars(jdkHome: string, buildDir: string, jarsDir: string): Promise<string> {
  const bin = (tool: string) => path.join(jdkHome, 'bin', tool);
  const classes = path.join(buildDir, 'classes');
  const sources = (await fs.readdir(SOURCES)).filter((name) => name.endsWith('.java')).map((name) => path.join(SOURCES, name));
  await run(bin('javac'), ['-d', classes, ...sources]);
  const manifest = path.join(buildDir, 'agent.mf');
  await fs.writeFile(manifest, 'Premain-Class: HostileAgent\n');
  const agentJar = path.join(buildDir, 'hostile-agent.jar');
  await Promise.all([
    run(bin('jar'), ['--create', '--file', path.join(jarsDir, SERVER_JAR), '--main-class', 'VanillaLikeServer', ...(await classArgs(classes, 'VanillaLikeServer'))]),
    run(bin('jar'), ['--create', '--file', agentJar, '--manifest', manifest, ...(await classArgs(classes, 'HostileAgent'))]),
  ]);
  return agentJar;
}

/**
 * A customer's -javaagent that tries everything against the node (fixtures/hostile-java/),
 * loaded into a real JVM the way the product lets a customer do it: the jar uploaded through the
 * Files routes, the flag set in Startup, then a restart. Every attempt must fail, the server must
 * keep answering, the other customer's server must be untouched, and nothing may outlive its stop.
 */
describe.runIf(skipReason === undefined)('a hostile java agent on an isolated node', () => {
  let dataDir: string;
  let buildDir: string;
  let jarsDir: string;
  let agentJar: string;
  let agent: AgentProcess;
  let otherPort: number;
  let proof: HostileProof;
  let proofText: string;
  const hostTmpMarker = path.join(os.tmpdir(), `cairn-hostile-${randomBytes(4).toString('hex')}`);
  const figures: Record<string, string> = {};

  const { folderOf, state, create, powerAndWait, expectIsolated } = agentServers(() => agent, () => dataDir);

  beforeAll(async () => {
    buildDir = await tempDir('hostile-java-build');
    jarsDir = await tempDir('jars');
    // mkdtemp makes folders private to root; an operator's jar folder is world-readable.
    await fs.chmod(jarsDir, 0o755);
    const builtAt = performance.now();
    agentJar = await buildJars(jdk!, buildDir, jarsDir);
    figures.buildJarsMs = (performance.now() - builtAt).toFixed(0);
    dataDir = await tempDir('agent-hostile-java');
    agent = await startAgent(dataDir, { NODE_AGENT_JAVA_HOME: jdk!, NODE_AGENT_JARS_DIR: jarsDir, NODE_AGENT_PIDS_MAX: String(PIDS_MAX) });
    otherPort = await freePort();
    await create(OTHER, { runtime: 'flying-squid', port: otherPort, memoryMib: 512 });
    await create(EVIL, { runtime: 'java', jar: SERVER_JAR, port: await freePort(), memoryMib: 512 });
    await powerAndWait(OTHER, 'start');
    expect((await powerAndWait(EVIL, 'start')).state).toBe('running');
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    console.log('isolation figures:', figures);
    for (const folder of [dataDir, buildDir, jarsDir]) if (folder) await fs.rm(folder, { recursive: true, force: true });
    await fs.rm(hostTmpMarker, { force: true });
  });

  it('reports the node as isolated, with every limit enforced', () => expectIsolated(EVIL));

  it('runs the agent set in Startup and uploaded through the Files routes, and every attempt it makes fails', async () => {
    const otherPid = (await processesOfUser(await uidOfServer(dataDir, OTHER)))[0];
    expect(otherPid).toBeGreaterThan(0);
    const targets = { dataDir, otherFolder: folderOf(OTHER), otherId: OTHER, agentPid: agent.child.pid, otherPid, agentUrl: agent.url, hostTmpMarker, forkLimit: 4 * PIDS_MAX };
    expect((await call(agent.url, 'POST', `/api/servers/${EVIL}/files/upload?path=/hostile-agent.jar`, { body: await fs.readFile(agentJar) })).status).toBe(201);
    expect((await call(agent.url, 'PUT', `/api/servers/${EVIL}/files/contents?path=/hostile.json`, { body: JSON.stringify(targets) })).status).toBe(200);
    const options = await call(agent.url, 'PATCH', `/api/servers/${EVIL}/options`, { json: { invocation: '-javaagent:hostile-agent.jar' } });
    expect(options.status, options.text).toBe(200);
    expect(expectShape(AgentServerOptionsResultSchema, options.body).invocation).toBe('-javaagent:hostile-agent.jar');
    const restartedAt = performance.now();
    expect((await powerAndWait(EVIL, 'restart')).state).toBe('running');
    proofText = await waitFor(() => fs.readFile(path.join(folderOf(EVIL), 'hostile-proof.json'), 'utf8'), 30_000, 'the proof file');
    figures.restartToProofMs = (performance.now() - restartedAt).toFixed(0);
    proof = JSON.parse(proofText) as HostileProof;

    const uid = await uidOfServer(dataDir, EVIL);
    expect(proof.identity.value).toMatch(new RegExp(`^uid=${uid}\\(server\\) gid=${uid}\\(server\\) groups=${uid}\\(server\\)$`));
    expect(proof.status.value).toMatch(/CapEff:\s+0{16}/);
    expect(proof.status.value).toMatch(/CapBnd:\s+0{16}/);
    expect(proof.status.value).toMatch(/NoNewPrivs:\s+1/);
    expect(proof.passwdFirstLine.value).toBe('root:x:0:0:root:/:/usr/sbin/nologin');
    expect(proof.environment.every((key) => !/TOKEN|SECRET|DATABASE|NODE_AGENT/i.test(key)), proof.environment.join(',')).toBe(true);
    for (const attempt of [...DENIED_ATTEMPTS, ...JAVA_DENIED_ATTEMPTS]) expect((proof[attempt] as Outcome | undefined)?.ok, `${attempt}: ${JSON.stringify(proof[attempt])}`).toBe(false);
    expect(proof.upwards).toEqual([]);
    // Its /proc shows the sandbox only (its own JVM among it): no agent, no test runner, no other server.
    expect(proof.proc.some((line) => line.includes('-javaagent:hostile-agent.jar'))).toBe(true);
    expect(proof.proc.filter((line) => /main\.ts|vitest|node-agent\/src|launchers\/flying-squid/.test(line))).toEqual([]);
    expect(proofText).not.toContain(TOKEN);
    expect(proof.agentWithoutToken).toEqual({ ok: false, value: 401 });
  });

  it('left the host, the agent and the other server untouched', async () => {
    for (const file of [path.join(folderOf(OTHER), 'pwned.txt'), path.join(dataDir, 'pwned.txt'), '/pwned.txt', '/usr/local/pwned.txt', hostTmpMarker]) {
      expect(await fs.access(file).then(() => file, () => undefined)).toBeUndefined();
    }
    expect((await call(agent.url, 'GET', '/api/health')).status).toBe(200);
    expect((await state(OTHER)).state).toBe('running');
    await mc.ping({ host: '127.0.0.1', port: otherPort, closeTimeout: 3000 });
  });

  it('stopped its process bomb at the process limit, and the server keeps answering commands', async () => {
    // The kernel refuses either the child itself or the reaper thread the JDK starts for it.
    expect(proof.forks.refused).toMatch(/error=11|Resource temporarily unavailable|unable to create native thread/);
    expect(proof.forks.started).toBeLessThan(PIDS_MAX);
    figures.forksBeforeLimit = String(proof.forks.started);
    const gameConsole = await openConsole(agent.url, EVIL);
    try {
      gameConsole.send('save-all');
      await gameConsole.waitFor((m) => m.type === 'line' && m.line.includes('Saved the game'));
    } finally {
      gameConsole.close();
    }
  });

  it('leaves nothing running once the server stops', async () => {
    const uid = await uidOfServer(dataDir, EVIL);
    const heartbeat = path.join(folderOf(EVIL), 'daemon-heartbeat');
    expect(proof.daemonPid).toBeGreaterThan(0);
    await waitFor(() => fs.readFile(heartbeat, 'utf8'), 10_000, 'the daemon heartbeat');
    expect((await powerAndWait(EVIL, 'stop')).state).toBe('stopped');
    expect(await processesOfUser(uid)).toEqual([]);
    await expectHeartbeatStopped(heartbeat);
    expect((await state(OTHER)).state).toBe('running');
  });
});
