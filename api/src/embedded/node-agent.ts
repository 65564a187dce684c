import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { AgentNodeInfoSchema, type AgentIsolation } from '@cairn/shared/schemas/node-agent';
import { readOrCreateSecret } from './postgres.js';
import { captureOutput, commandLineOf, freePort, isAlive, isLiveOwner, terminatePid, waitUntil, type Logger } from './process-utils.js';
import { supervise } from './supervisor.js';

/**
 * The local game-server node agent (node-agent/, built to dist) that `npm start` runs when no
 * NODE_AGENT_URL is configured: bound to 127.0.0.1, token generated once and kept in
 * `<dir>/node-token`, game-server data under `<dir>/data`, restarted by the supervisor if it dies
 * (it then brings its servers back itself).
 */
export interface EmbeddedNodeAgent {
  url: string;
  token: string;
  port: number;
  /** How the agent confines game servers, as it reported when it started. */
  isolation: AgentIsolation;
  stop(): Promise<void>;
  pid(): number | undefined;
  restarts(): number;
}

interface AgentRecord {
  ownerPid: number;
  agentPid: number;
  port: number;
}

// Game servers get up to 20 s to stop cleanly inside the agent's own shutdown.
const STOP_GRACE_MS = 30_000;

/** `env`: more variables for the agent (the API's tracing settings, so its spans join the API's traces). */
export async function startEmbeddedNodeAgent(options: {
  dir: string;
  entry: string;
  isolation: 'on' | 'off' | 'auto';
  log: Logger;
  env?: Record<string, string>;
}): Promise<EmbeddedNodeAgent> {
  const dir = resolve(options.dir);
  const { log, entry } = options;
  try {
    await access(entry);
  } catch {
    throw new Error(`The node agent is not built (${entry} is missing): run the build, or set NODE_AGENT_EMBEDDED=false.`);
  }
  await mkdir(dir, { recursive: true });
  const token = await readOrCreateSecret(join(dir, 'node-token'));

  const previous = await readRecord(dir);
  if (previous && isAlive(previous.agentPid) && /node-agent/.test((await commandLineOf(previous.agentPid)) ?? '')) {
    if (await isLiveOwner(previous.ownerPid)) throw new Error(`The node agent folder ${dir} is in use by another running Cairn process (pid ${previous.ownerPid}).`);
    log.warn(`Stopping an orphaned node agent (pid ${previous.agentPid}) left by an earlier run.`);
    await terminatePid(previous.agentPid, 'SIGTERM', STOP_GRACE_MS);
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const launch = async (): Promise<ChildProcess> => {
    // The token goes through the environment so it does not show in process listings.
    const child = spawn(process.execPath, ['--enable-source-maps', entry], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: '/usr/bin:/bin',
        NODE_AGENT_TOKEN: token,
        NODE_AGENT_HOST: '127.0.0.1',
        NODE_AGENT_PORT: String(port),
        NODE_AGENT_DATA_DIR: join(dir, 'data'),
        NODE_AGENT_ISOLATION: options.isolation,
        ...options.env,
      },
    });
    const tail = captureOutput(child, 'node-agent', log);
    const healthy = await waitUntil(async () => child.exitCode !== null || (await isHealthy(url)), 60_000, 100);
    if (!healthy || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`The embedded node agent did not start.\n${tail()}`);
    }
    return child;
  };
  const writeRecord = (child: ChildProcess) =>
    writeFile(join(dir, 'agent.json'), JSON.stringify({ ownerPid: process.pid, agentPid: child.pid ?? 0, port } satisfies AgentRecord));

  const first = await launch();
  await writeRecord(first);
  const isolation = await isolationOf(url, token);
  const supervisor = supervise({ name: 'Node agent', log, first, relaunch: launch, onRelaunched: writeRecord });
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await supervisor.stop('SIGTERM', STOP_GRACE_MS);
      await rm(join(dir, 'agent.json'), { force: true });
    })());
  return { url, token, port, isolation, stop, pid: supervisor.pid, restarts: supervisor.restarts };
}

async function isolationOf(url: string, token: string): Promise<AgentIsolation> {
  const response = await fetch(`${url}/api/node`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(5000) });
  return AgentNodeInfoSchema.parse(await response.json()).isolation;
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function readRecord(dir: string): Promise<AgentRecord | undefined> {
  try {
    return JSON.parse(await readFile(join(dir, 'agent.json'), 'utf8')) as AgentRecord;
  } catch {
    return undefined;
  }
}
