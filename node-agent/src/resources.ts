import fs from 'node:fs/promises';
import os from 'node:os';

const CLOCK_TICKS = 100; // USER_HZ on Linux

export interface ProcessUsage {
  cpuSeconds: number;
  rssBytes: number;
}

export type ProcessTable = Map<number, { parent: number; name: string; cpuSeconds: number }>;

/** Parent, short name (`comm`) and utime + stime of every process, from /proc/<pid>/stat. */
export async function processTable(): Promise<ProcessTable> {
  const table: ProcessTable = new Map();
  const names = await fs.readdir('/proc').catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => /^\d+$/.test(name))
      .map(async (name) => {
        const stat = await fs.readFile(`/proc/${name}/stat`, 'utf8').catch(() => undefined);
        if (!stat) return;
        // Fields after the parenthesised command name: state, ppid… utime and stime are the 12th and 13th.
        const close = stat.lastIndexOf(')');
        const fields = stat.slice(close + 2).split(' ');
        table.set(Number(name), { parent: Number(fields[1]), name: stat.slice(stat.indexOf('(') + 1, close), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS });
      }),
  );
  return table;
}

/** `root` and all its descendants (through their parent links) with their depth below it, root first. */
export function descendants(root: number, table: ProcessTable): Array<{ pid: number; depth: number }> {
  if (!table.has(root)) return [];
  const children = new Map<number, number[]>();
  for (const [pid, { parent }] of table) children.set(parent, [...(children.get(parent) ?? []), pid]);
  const found: Array<{ pid: number; depth: number }> = [];
  for (const queue = [{ pid: root, depth: 0 }]; queue.length > 0; ) {
    const next = queue.shift()!;
    found.push(next);
    queue.push(...(children.get(next.pid) ?? []).map((pid) => ({ pid, depth: next.depth + 1 })));
  }
  return found;
}

async function residentBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const rss = /VmRSS:\s+(\d+) kB/.exec(status);
  return rss ? Number(rss[1]) * 1024 : 0;
}

/**
 * CPU time and resident memory of a process and all its descendants: a server is a launcher,
 * a sandbox and the game (and whatever its plugins start), and counts as a whole. Several
 * servers sampled together share one `table`.
 */
export async function readTreeUsage(root: number, table?: ProcessTable): Promise<ProcessUsage | undefined> {
  table ??= await processTable();
  const members = descendants(root, table).map(({ pid }) => pid);
  if (members.length === 0) return undefined;
  const rss = await Promise.all(members.map(residentBytes));
  return {
    cpuSeconds: members.reduce((sum, pid) => sum + table.get(pid)!.cpuSeconds, 0),
    rssBytes: rss.reduce((sum, bytes) => sum + bytes, 0),
  };
}

/** CPU sampler: share of the whole host (all cores) between two calls, 0–100. */
export function cpuSampler() {
  let last: { at: number; cpuSeconds: number } | undefined;
  const cores = Math.max(1, os.availableParallelism());
  return (cpuSeconds: number, at = performance.now()): number => {
    const previous = last;
    last = { at, cpuSeconds };
    if (!previous) return 0;
    const wallSeconds = (at - previous.at) / 1000;
    if (wallSeconds <= 0) return 0;
    const share = ((cpuSeconds - previous.cpuSeconds) / (wallSeconds * cores)) * 100;
    return Math.min(100, Math.max(0, Math.round(share * 10) / 10));
  };
}
