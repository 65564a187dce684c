import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAgent, type Agent } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { readTreeUsage } from '../src/resources.js';
import { freePort } from '../test/harness.js';
import { gameProcess, readTree, type TreeMember } from './process-tree.js';

const TOKEN = 'bench-node-token-0123456789abcdef0123';
/** Memory readings per server over the measuring window. */
const MEMORY_SAMPLES = 5;

export interface FleetOptions {
  isolation: 'on' | 'off';
  /** Server ids are `<prefix>1`, `<prefix>2`… (and name the servers' cgroups). */
  prefix: string;
  count: number;
  settleSeconds: number;
  windowSeconds: number;
  /** NODE_AGENT_UID_BASE of the agent (isolated servers each get a user above it). */
  uidBase?: number;
  /** Progress lines while servers start. */
  log: (line: string) => void;
}

/** One idle server: CPU over the window, memory the mean of readings spread over it. */
export interface ServerSample {
  id: string;
  startSeconds: number;
  /**
   * The whole tree — the sum readTreeUsage makes (VmRSS of the spawned process and every
   * descendant): bwrap, the sandbox's init (bwrap again) and the game; unisolated, the game alone.
   */
  treeRssBytes: number;
  /** The game process alone (the deepest node process of the tree). */
  gameRssBytes: number;
  treePssBytes: number;
  gamePssBytes: number;
  /** Share of the whole host (all cores) over the window, percent. */
  cpuPercentOfHost: number;
  /** The tree, root first: what the boundary adds is everything but the game. */
  tree: TreeMember[];
}

export type FleetResult = { ran: true; samples: ServerSample[] } | { ran: false; reason: string };

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);
const mean = (values: number[]) => sum(values) / values.length;

async function createServer(agent: Agent, id: string): Promise<void> {
  const created = await agent.app.inject({
    method: 'POST',
    url: '/api/servers',
    headers: { authorization: `Bearer ${TOKEN}` },
    payload: { id, runtime: 'flying-squid', game_version: '1.21.4', port: await freePort(), limits: { memory_mib: 2048, cpu_percent: 100, storage_mib: 1024 } },
  });
  if (created.statusCode !== 201) throw new Error(`creating ${id}: ${created.body}`);
  await until(() => agent.manager.get(id).process.state === 'stopped', 60_000, `${id} installed`);
}

/**
 * Runs `count` flying-squid servers through a real agent with the given isolation: starts them
 * one after another (timing power start → running, which waits for an answered status ping),
 * lets them settle, then measures each one's CPU over the window (readTreeUsage) and its memory
 * during it, split into the game process and what surrounds it. Deletes the servers (and their cgroups) after.
 */
export async function runFleet(options: FleetOptions): Promise<FleetResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `cairn-bench-servers-${options.isolation}-`));
  const env: Record<string, string> = { NODE_AGENT_TOKEN: TOKEN, NODE_AGENT_DATA_DIR: dataDir, NODE_AGENT_PORT: '0', NODE_AGENT_ISOLATION: options.isolation };
  if (options.uidBase !== undefined) env.NODE_AGENT_UID_BASE = String(options.uidBase);
  let agent: Agent | undefined;
  const ids: string[] = [];
  try {
    agent = await buildAgent(loadConfig(env));
    const { status, canStart } = agent.manager.boundary;
    if (options.isolation === 'on' && (!status.enabled || !canStart)) return { ran: false, reason: status.warnings.join(' ') || 'the agent could not build its isolation boundary' };
    for (let i = 1; i <= options.count; i++) {
      ids.push(`${options.prefix}${i}`);
      await createServer(agent, ids.at(-1)!);
    }
    const startSeconds: number[] = [];
    for (const id of ids) {
      const started = performance.now();
      await agent.manager.power(id, 'start');
      const live = agent;
      await until(() => live.manager.get(id).process.state === 'running', 120_000, `${id} running`);
      startSeconds.push((performance.now() - started) / 1000);
      options.log(`  ${id} running after ${startSeconds.at(-1)!.toFixed(2)} s`);
    }
    await sleep(options.settleSeconds);
    const pids = ids.map((id) => runningPid(agent!, id));
    const before = await Promise.all(pids.map((pid) => readTreeUsage(pid)));
    const from = performance.now();
    // Memory is read several times over the window (an idle game's heap still saws up and down),
    // each time the whole tree in one pass, so the game's share and the rest come from the same instant.
    const snapshots: TreeMember[][][] = [];
    for (let i = 0; i < MEMORY_SAMPLES; i++) {
      await sleep(options.windowSeconds / MEMORY_SAMPLES);
      snapshots.push(await Promise.all(pids.map((pid) => readTree(pid))));
    }
    const after = await Promise.all(pids.map((pid) => readTreeUsage(pid)));
    const wall = (performance.now() - from) / 1000;
    const cores = Math.max(1, os.availableParallelism());
    const samples = ids.map((id, i): ServerSample => {
      const [start, end] = [before[i], after[i]];
      const trees = snapshots.map((snapshot) => snapshot[i]!);
      if (!start || !end || trees.some((tree) => tree.length === 0)) throw new Error(`${id} stopped during the window (${agent!.manager.get(id).process.lastExit ?? 'no exit recorded'})`);
      const games = trees.map((tree) => {
        const game = gameProcess(tree);
        if (!game) throw new Error(`${id}: no node process in its tree (${tree.map((member) => member.name).join(', ')})`);
        return game;
      });
      return {
        id,
        startSeconds: startSeconds[i]!,
        treeRssBytes: mean(trees.map((tree) => sum(tree.map((member) => member.rssBytes)))),
        gameRssBytes: mean(games.map((game) => game.rssBytes)),
        treePssBytes: mean(trees.map((tree) => sum(tree.map((member) => member.pssBytes)))),
        gamePssBytes: mean(games.map((game) => game.pssBytes)),
        cpuPercentOfHost: ((end.cpuSeconds - start.cpuSeconds) / (wall * cores)) * 100,
        tree: trees.at(-1)!,
      };
    });
    return { ran: true, samples };
  } finally {
    if (agent) {
      for (const id of ids) await agent.manager.delete(id).catch(() => undefined);
      await agent.close();
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

function runningPid(agent: Agent, id: string): number {
  const pid = agent.manager.get(id).process.pid;
  if (pid === undefined) throw new Error(`${id} is not running (${agent.manager.get(id).process.lastExit ?? 'no exit recorded'})`);
  return pid;
}
