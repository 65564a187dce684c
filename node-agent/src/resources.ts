import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const CLOCK_TICKS = 100; // USER_HZ on Linux

/** utime + stime of a process in seconds and its resident set size in bytes, from /proc. */
export async function readProcessUsage(pid: number): Promise<{ cpuSeconds: number; rssBytes: number } | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
    const rss = /VmRSS:\s+(\d+) kB/.exec(status);
    return { cpuSeconds, rssBytes: rss ? Number(rss[1]) * 1024 : 0 };
  } catch {
    return undefined;
  }
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

/** Bytes used by a folder (apparent sizes; symlinks counted as links, never followed). */
export async function folderSize(folder: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else {
      const stat = await fs.lstat(full).catch(() => undefined);
      total += stat?.size ?? 0;
    }
  }
  return total;
}
