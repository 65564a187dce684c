import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { Launch } from './boundary.js';

export type LaunchedProcess = ChildProcessByStdio<Writable, Readable, Readable>;

/**
 * Spawns a launch in its own process group (a Ctrl-C aimed at the agent's terminal must not
 * reach game servers; the agent stops them itself) and hands it its inputs on descriptors 3, 4…
 */
export function spawnLaunch(launch: Launch): LaunchedProcess {
  const child = spawn(launch.command, launch.args, {
    cwd: launch.cwd,
    env: launch.env,
    stdio: ['pipe', 'pipe', 'pipe', ...launch.inputs.map(() => 'pipe' as const)],
    detached: true,
  });
  launch.inputs.forEach((input, index) => {
    const pipe = child.stdio[3 + index] as Writable | null;
    pipe?.on('error', () => undefined);
    pipe?.end(input);
  });
  return child as unknown as LaunchedProcess;
}
