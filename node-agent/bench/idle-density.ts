import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildAgent } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { readTreeUsage } from '../src/resources.js';
import { freePort } from '../test/harness.js';

/**
 * How many idle game servers one host holds: starts BENCH_SERVERS (default 6) flying-squid servers
 * through a real agent, lets them settle, measures each one's resident memory and CPU over a window,
 * and derives the count a 2-core host fits by memory and by CPU. Run alone: `BENCH_ONLY=servers npm run bench`.
 */
const TOKEN = 'bench-node-token-0123456789abcdef0123';
const count = Number(process.env.BENCH_SERVERS ?? 6);
const settleSeconds = Number(process.env.BENCH_SERVERS_SETTLE ?? 20);
const windowSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** Left to the operating system, the agent and page cache on a game host. */
const HOST_RESERVE_BYTES = 1 * GiB;
/** CPU share of the host idle servers may take together, leaving the rest for players joining. */
const IDLE_CPU_BUDGET_PERCENT = 50;
const SMALL_PLAN_BYTES = 2 * GiB;

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cairn-bench-servers-'));
  const agent = await buildAgent(loadConfig({ NODE_AGENT_TOKEN: TOKEN, NODE_AGENT_DATA_DIR: dataDir, NODE_AGENT_PORT: '0' }));
  const ids = Array.from({ length: count }, (_, i) => `idle${i + 1}`);
  try {
    console.log(`\nIdle game servers per host — ${count} flying-squid servers, ${settleSeconds} s settle, ${windowSeconds} s window (load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})\n`);
    for (const id of ids) {
      const created = await agent.app.inject({
        method: 'POST',
        url: '/api/servers',
        headers: { authorization: `Bearer ${TOKEN}` },
        payload: { id, runtime: 'flying-squid', game_version: '1.21.4', port: await freePort(), limits: { memory_mib: 2048, cpu_percent: 100, storage_mib: 1024 } },
      });
      if (created.statusCode !== 201) throw new Error(`creating ${id}: ${created.body}`);
      await until(() => agent.manager.get(id).process.state === 'stopped', 60_000, `${id} installed`);
      const started = Date.now();
      await agent.manager.power(id, 'start');
      await until(() => agent.manager.get(id).process.state === 'running', 120_000, `${id} running`);
      console.log(`${id} running after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    await sleep(settleSeconds);
    const pids = ids.map((id) => agent.manager.get(id).process.pid!);
    const before = await Promise.all(pids.map((pid) => readTreeUsage(pid)));
    const startedAt = performance.now();
    await sleep(windowSeconds);
    const after = await Promise.all(pids.map((pid) => readTreeUsage(pid)));
    const wall = (performance.now() - startedAt) / 1000;
    const cores = Math.max(1, os.availableParallelism());
    const rss = after.map((usage) => usage!.rssBytes);
    const cpuOfHost = after.map((usage, i) => ((usage!.cpuSeconds - before[i]!.cpuSeconds) / (wall * cores)) * 100);
    const rssMean = mean(rss);
    const cpuMean = mean(cpuOfHost);
    console.log(`\nper idle server: RSS mean ${(rssMean / MiB).toFixed(0)} MiB (max ${(Math.max(...rss) / MiB).toFixed(0)}), CPU mean ${cpuMean.toFixed(2)} % of this ${cores}-core host (max ${Math.max(...cpuOfHost).toFixed(2)} %)`);
    const cpuBound = cpuMean > 0 ? Math.floor(IDLE_CPU_BUDGET_PERCENT / ((cpuMean * cores) / 2)) : Infinity;
    for (const memory of [4 * GiB, 8 * GiB, 16 * GiB, os.totalmem()]) {
      const usable = memory - HOST_RESERVE_BYTES;
      const byMemory = Math.floor(usable / rssMean);
      const byPlan = Math.floor(usable / SMALL_PLAN_BYTES);
      console.log(
        `2-core host with ${(memory / GiB).toFixed(0)} GiB: ${Math.min(byMemory, cpuBound)} idle servers (memory allows ${byMemory}, ${IDLE_CPU_BUDGET_PERCENT} % of the CPU allows ${cpuBound}); placed by Small plan memory (2 GiB each): ${byPlan}`,
      );
    }
  } finally {
    await agent.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ONLY === undefined || process.env.BENCH_ONLY === 'servers') {
  await main();
}
