import { accessSync, constants as fsConstants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFleet, type FleetResult, type ServerSample } from './server-fleet.js';

/**
 * The isolation boundary's cost, and how many idle game servers one host holds. Runs the same
 * workload twice — BENCH_SERVERS (default 3) flying-squid servers through a real agent with
 * NODE_AGENT_ISOLATION=on (bubblewrap as each server's own user + a cgroup; only where the machine
 * can: root and bwrap), then with =off — and prints per mode the start → running times, idle
 * memory per server (the whole process tree, the game process alone, and the difference: the
 * boundary's wrapper processes) and idle CPU; then the comparison, and from the isolated run
 * (what production runs) the count a 2-core host fits by memory and by CPU.
 * BENCH_SERVERS_SETTLE (default 10 s) and BENCH_SECONDS (default 15 s) set the settle time and the
 * measuring window. Run alone: `BENCH_ONLY=servers npm run bench`.
 */
const count = Number(process.env.BENCH_SERVERS ?? 3);
const settleSeconds = Number(process.env.BENCH_SERVERS_SETTLE ?? 10);
const windowSeconds = Number(process.env.BENCH_SECONDS ?? 15);
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
/** Left to the operating system, the agent and page cache on a game host. */
const HOST_RESERVE_BYTES = 1 * GiB;
/** CPU share of the host idle servers may take together, leaving the rest for players joining. */
const IDLE_CPU_BUDGET_PERCENT = 50;
const SMALL_PLAN_BYTES = 2 * GiB;
/** NODE_AGENT_UID_BASE of the isolated agent: its servers' users are 6,000,001 and up, apart from a real agent's (2,000,000 by default). */
const ISOLATED_UID_BASE = 6_000_000;

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mib = (bytes: number, digits = 0) => `${(bytes / MiB).toFixed(digits)} MiB`;
const signed = (value: number, digits: number) => `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(' / ');

/** Why this machine cannot run the isolated half, or undefined when it looks able to (the agent's trial sandbox decides). */
function cannotIsolate(): string | undefined {
  if (process.platform !== 'linux') return 'isolation needs Linux';
  if (process.getuid?.() !== 0) return 'the bench does not run as root, so the agent cannot give each server a user of its own';
  const dirs = (process.env.PATH ?? '').split(':').concat(['/usr/bin', '/bin']);
  const found = dirs.some((dir) => {
    try {
      accessSync(path.join(dir, 'bwrap'), fsConstants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return found ? undefined : 'bubblewrap (bwrap) is not installed';
}

interface ModeFigures {
  startMedian: number;
  treeRssMean: number;
  gameRssMean: number;
  overheadRssMean: number;
  overheadPssMean: number;
  cpuMean: number;
}

function report(samples: ServerSample[]): ModeFigures {
  const starts = samples.map((s) => s.startSeconds);
  const tree = samples.map((s) => s.treeRssBytes);
  const game = samples.map((s) => s.gameRssBytes);
  const overhead = samples.map((s) => s.treeRssBytes - s.gameRssBytes);
  const overheadPss = samples.map((s) => s.treePssBytes - s.gamePssBytes);
  const cpu = samples.map((s) => s.cpuPercentOfHost);
  const cores = Math.max(1, os.availableParallelism());
  const figures: ModeFigures = {
    startMedian: median(starts),
    treeRssMean: mean(tree),
    gameRssMean: mean(game),
    overheadRssMean: mean(overhead),
    overheadPssMean: mean(overheadPss),
    cpuMean: mean(cpu),
  };
  console.log(`  start → running: ${starts.map((s) => `${s.toFixed(2)} s`).join(', ')}; median ${figures.startMedian.toFixed(2)} s`);
  console.log(`  idle RSS per server, whole tree: mean ${mib(figures.treeRssMean, 1)} (max ${mib(Math.max(...tree), 1)})`);
  console.log(`  idle RSS per server, game process: mean ${mib(figures.gameRssMean, 1)} (max ${mib(Math.max(...game), 1)})`);
  console.log(
    `  tree − game (wrappers around the game): RSS mean ${mib(figures.overheadRssMean, 1)} (max ${mib(Math.max(...overhead), 1)}); PSS mean ${mib(figures.overheadPssMean, 1)} (shared pages split among their users)`,
  );
  const first = samples[0]!;
  console.log(`  process tree of ${first.id}: ${first.tree.map((member) => `${member.name} ${mib(member.rssBytes, 1)} RSS / ${mib(member.pssBytes, 1)} PSS`).join(' → ')}`);
  console.log(`  idle CPU: mean ${figures.cpuMean.toFixed(2)} % of this ${cores}-core host (max ${Math.max(...cpu).toFixed(2)} %)`);
  return figures;
}

function density(figures: ModeFigures, label: string): void {
  const cores = Math.max(1, os.availableParallelism());
  console.log(`\nIdle game servers per host (${label}): RSS ${mib(figures.treeRssMean)} and CPU ${figures.cpuMean.toFixed(2)} % of ${cores} cores per idle server`);
  const cpuBound = figures.cpuMean > 0 ? Math.floor(IDLE_CPU_BUDGET_PERCENT / ((figures.cpuMean * cores) / 2)) : Infinity;
  for (const memory of [4 * GiB, 8 * GiB, 16 * GiB, os.totalmem()]) {
    const usable = memory - HOST_RESERVE_BYTES;
    const byMemory = Math.floor(usable / figures.treeRssMean);
    const byPlan = Math.floor(usable / SMALL_PLAN_BYTES);
    console.log(
      `2-core host with ${(memory / GiB).toFixed(0)} GiB: ${Math.min(byMemory, cpuBound)} idle servers (memory allows ${byMemory}, ${IDLE_CPU_BUDGET_PERCENT} % of the CPU allows ${cpuBound}); placed by Small plan memory (2 GiB each): ${byPlan}`,
    );
  }
}

async function mode(title: string, run: () => Promise<FleetResult>): Promise<ModeFigures | undefined> {
  console.log(`\n${title}`);
  const result = await run();
  if (!result.ran) {
    console.log(`  skipped: ${result.reason}`);
    return undefined;
  }
  return report(result.samples);
}

async function main(): Promise<void> {
  console.log(
    `\nIsolation boundary and idle game servers — flying-squid, ${count} server${count === 1 ? '' : 's'} per mode, ${settleSeconds} s settle, ${windowSeconds} s window; ${os.availableParallelism()} cores, ${(os.totalmem() / GiB).toFixed(1)} GiB; load average at start ${load()}`,
  );
  // The agent imports minecraft-protocol on its first status ping (seconds); done here so neither mode's first start pays for it.
  const importStarted = performance.now();
  await import('minecraft-protocol');
  console.log(`(minecraft-protocol, which the agent loads for its first readiness ping, preloaded in ${((performance.now() - importStarted) / 1000).toFixed(1)} s)`);
  const fleet = { count, settleSeconds, windowSeconds, log: (line: string) => console.log(line) };

  const why = cannotIsolate();
  let isolated: ModeFigures | undefined;
  if (why) console.log(`\nisolated (NODE_AGENT_ISOLATION=on)\n  skipped: ${why}; only the unisolated half runs`);
  else isolated = await mode('isolated (NODE_AGENT_ISOLATION=on: bubblewrap sandbox as the server’s own user, in its cgroup)', () => runFleet({ ...fleet, isolation: 'on', prefix: 'iso', uidBase: ISOLATED_UID_BASE }));
  const unisolated = await mode(
    `unisolated (NODE_AGENT_ISOLATION=off: the game runs as the agent’s user${process.getuid?.() === 0 ? '; still in its cgroup, as the agent is root' : ''})`,
    () => runFleet({ ...fleet, isolation: 'off', prefix: 'open' }),
  );

  if (isolated) density(isolated, 'isolated run, as production runs');
  else if (unisolated) density(unisolated, 'unisolated run — the isolated one was skipped');

  if (isolated && unisolated) {
    const startDelta = isolated.startMedian - unisolated.startMedian;
    const overhead = isolated.overheadRssMean - unisolated.overheadRssMean;
    console.log(
      `\nisolated vs unisolated: start median ${isolated.startMedian.toFixed(2)} s vs ${unisolated.startMedian.toFixed(2)} s (Δ ${signed(startDelta, 2)} s, ${signed((startDelta / unisolated.startMedian) * 100, 0)} %), idle RSS per server ${mib(isolated.treeRssMean, 1)} vs ${mib(unisolated.treeRssMean, 1)} (boundary overhead ${mib(overhead, 1)} RSS, ${mib(isolated.overheadPssMean - unisolated.overheadPssMean, 1)} PSS; game processes ${mib(isolated.gameRssMean, 1)} vs ${mib(unisolated.gameRssMean, 1)}), idle CPU ${isolated.cpuMean.toFixed(2)} % vs ${unisolated.cpuMean.toFixed(2)} %`,
    );
  }
  console.log(`load average at end ${load()}`);
}

const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
if (only === undefined || only.includes('servers')) {
  await main();
}
