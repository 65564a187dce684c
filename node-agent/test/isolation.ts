import { accessSync, constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { expect } from 'vitest';
import { AgentNodeInfoSchema, AgentServerSchema } from '@cairn/shared/schemas/node-agent';
import { call, expectShape, staysUnchanged, waitFor, type AgentProcess } from './harness.js';

/**
 * Whether this machine can run the isolation tests: as root with bubblewrap. Under CI it must
 * (the agent is started with NODE_AGENT_ISOLATION=on there, and refuses otherwise).
 */
export function canIsolate(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  return ['/usr/bin/bwrap', '/bin/bwrap', '/usr/local/bin/bwrap'].some((file) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export const isolationSkipReason = 'game-server isolation tests need root and bubblewrap (apt-get install bubblewrap); skipped on this machine';

/** The hostile flying-squid plugin as the zip a customer would upload to plugins/. */
export async function hostilePluginZip(): Promise<Uint8Array> {
  const source = await fs.readFile(fileURLToPath(new URL('./fixtures/hostile-plugin.cjs', import.meta.url)));
  return zipSync({ 'index.js': new Uint8Array(source) });
}

/** Pids of every host process whose real user id is `uid`. */
export async function processesOfUser(uid: number): Promise<number[]> {
  const pids: number[] = [];
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const status = await fs.readFile(path.join('/proc', name, 'status'), 'utf8').catch(() => '');
    const match = /^Uid:\s+(\d+)/m.exec(status);
    if (match && Number(match[1]) === uid) pids.push(Number(name));
  }
  return pids;
}

/** How often the hostile fixtures' daemon writes its heartbeat (hostile-plugin.cjs, HostileAgent.java). */
export const HEARTBEAT_PERIOD_MS = 200;

/**
 * Fails if a daemon's heartbeat file is written again: watched until five periods after its last
 * write (its own mtime), and at least two periods from now. A daemon that survived its server
 * would have written it again within one.
 */
export async function expectHeartbeatStopped(file: string): Promise<void> {
  const last = (await fs.stat(file)).mtimeMs;
  await staysUnchanged(
    async () => {
      const now = (await fs.stat(file)).mtimeMs;
      return now === last ? undefined : `written again ${(now - last).toFixed(0)} ms after the last beat`;
    },
    Math.max(last + 5 * HEARTBEAT_PERIOD_MS, Date.now() + 2 * HEARTBEAT_PERIOD_MS),
    'the daemon heartbeat to stay still',
  );
}

/** The host user id the agent gave a server (from its state file). */
export async function uidOfServer(dataDir: string, id: string): Promise<number> {
  const records = JSON.parse(await fs.readFile(path.join(dataDir, 'servers.json'), 'utf8')) as Array<{ id: string; uid?: number }>;
  const uid = records.find((record) => record.id === id)?.uid;
  if (uid === undefined) throw new Error(`no uid recorded for ${id}`);
  return uid;
}

/** What the hostile plugin wrote about each attempt. */
export interface HostileProof {
  identity: Outcome;
  status: Outcome;
  environment: string[];
  passwdFirstLine: Outcome;
  upwards: string[];
  proc: string[];
  forks: { started: number; refused: string | null };
  daemonPid: number;
  [attempt: string]: unknown;
}
export interface Outcome {
  ok: boolean;
  value?: string | number | null;
  error?: string;
}

/** The attempts that must all fail, by the name the plugin records them under. */
export const DENIED_ATTEMPTS = [
  'shadow',
  'rootHome',
  'homes',
  'nodeToken',
  'agentState',
  'listServers',
  'listOther',
  'writeOther',
  'writeOtherRelative',
  'writeRoot',
  'writeAgentData',
  'writeUsr',
  'signalAgent',
  'signalOther',
  'mount',
  'userNamespace',
] as const;

/** Creating, reading and powering servers on an agent process, for the isolation suites. */
export function agentServers(agent: () => AgentProcess, dataDir: () => string) {
  const state = async (id: string) => expectShape(AgentServerSchema, (await call(agent().url, 'GET', `/api/servers/${id}`)).body);
  return {
    folderOf: (id: string) => path.join(dataDir(), 'servers', id),
    state,
    /** Creates a server and waits until it is installed. */
    async create(id: string, spec: { runtime: 'flying-squid' | 'java'; jar?: string; port: number; memoryMib: number }) {
      const limits = { memory_mib: spec.memoryMib, cpu_percent: 100, storage_mib: 256 };
      const created = await call(agent().url, 'POST', '/api/servers', { json: { id, runtime: spec.runtime, jar: spec.jar, game_version: '1.21.4', port: spec.port, limits } });
      expect(created.status, created.text).toBe(201);
      await waitFor(async () => ((await state(id)).state === 'stopped' ? true : undefined), 30_000, `${id} installed`);
    },
    async powerAndWait(id: string, action: string) {
      const response = await call(agent().url, 'POST', `/api/servers/${id}/power?wait=true`, { json: { action } });
      expect(response.status, response.text).toBe(200);
      return expectShape(AgentServerSchema, response.body);
    },
    /** The node says it isolates, with every limit enforced, and so does the server. */
    async expectIsolated(id: string) {
      const node = expectShape(AgentNodeInfoSchema, (await call(agent().url, 'GET', '/api/node')).body);
      expect(node.isolation, node.isolation.warnings.join('\n')).toMatchObject({ enabled: true, mechanism: 'bubblewrap', disabled_by_operator: false });
      expect(node.isolation.limits, node.isolation.warnings.join('\n')).toEqual({ memory: true, cpu: true, pids: true });
      expect((await state(id)).isolated).toBe(true);
    },
  };
}
