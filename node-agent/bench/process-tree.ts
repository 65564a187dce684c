import { realpathSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { descendants, processTable } from '../src/resources.js';

/** One process of a server's tree, as /proc shows it. */
export interface TreeMember {
  pid: number;
  /** The kernel's short name (`comm`): sh, nice, bwrap, node… */
  name: string;
  /** 0 for the root (the pid the agent spawned), 1 for its children… */
  depth: number;
  /** Real path of its executable; undefined once it has gone. */
  exe: string | undefined;
  rssBytes: number;
  /** Proportional set size: shared pages split among the processes mapping them. */
  pssBytes: number;
}

const nodeBinary = realpathSync(process.execPath);

const kib = (text: string, key: string) => {
  const match = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) * 1024 : 0;
};

/** The process `root` and all its descendants (found through their parent links), root first. */
export async function readTree(root: number): Promise<TreeMember[]> {
  const table = await processTable();
  const found = descendants(root, table);
  return Promise.all(
    found.map(async ({ pid, depth }) => {
      const [status, rollup, exe] = await Promise.all([
        fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => ''),
        fs.readFile(`/proc/${pid}/smaps_rollup`, 'utf8').catch(() => ''),
        fs.readlink(`/proc/${pid}/exe`).catch(() => undefined),
      ]);
      return { pid, depth, name: table.get(pid)!.name, exe, rssBytes: kib(status, 'VmRSS'), pssBytes: kib(rollup, 'Pss') };
    }),
  );
}

/** The game itself: the deepest Node.js process of the tree (launchers and the sandbox sit above it). */
export function gameProcess(tree: TreeMember[]): TreeMember | undefined {
  const isNode = (member: TreeMember) => member.name === 'node' || (member.exe !== undefined && (member.exe === nodeBinary || path.basename(member.exe) === 'node'));
  return tree.filter(isNode).sort((a, b) => b.depth - a.depth)[0];
}
