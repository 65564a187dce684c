import { accessSync, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AgentIsolation } from '@cairn/shared/schemas/node-agent';
import type { AgentConfig } from '../config.js';
import { openCgroups, readCgroupHost, type Cgroups, type GroupLimits } from './cgroups.js';
import { sandboxInvocation, SERVER_ROOT, type SandboxUser } from './sandbox.js';
import { seccompFilter } from './seccomp.js';
import { spawnLaunch } from './spawn-launch.js';

/** What a runtime asks to run for one server (paths on the host). */
export interface LaunchRequest {
  id: string;
  folder: string;
  user: SandboxUser;
  command: string;
  args: string[];
  env: Record<string, string>;
  /** Host paths the runtime reads (its binary, libraries, jars): read-only inside the sandbox. */
  readOnly: string[];
  limits: GroupLimits;
  /** Lower is more CPU priority when several servers compete (a fallback where cgroups are missing). */
  niceness: number;
}

/** The process to spawn: stdio pipes, then `inputs` written to descriptors 3, 4… and closed. */
export interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
  inputs: Array<string | Buffer>;
}

/**
 * The boundary around every game-server process this node runs: the host facts found at start
 * (bubblewrap, the agent's rights, cgroups) and, per launch, the command line that puts the
 * process in its cgroup, its own user and its private view.
 */
export interface Boundary {
  readonly status: AgentIsolation;
  /** False when isolation is required but the host cannot provide it: servers must not start. */
  readonly canStart: boolean;
  launch(request: LaunchRequest): Promise<Launch>;
  /** After the process exited: kills anything left in its group and removes it; true when the memory limit stopped it. */
  settle(id: string): Promise<{ outOfMemory: boolean }>;
  /** Kills whatever still runs in the server's group (an agent restart finds leftovers this way). */
  killAll(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Agent shutdown, after every server stopped: the agent's own cgroup folders go too. */
  close(): Promise<void>;
}

const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';
const MiB = 1024 * 1024;

/** The first executable of `candidates` (absolute paths, or names looked up on PATH). */
function findExecutable(candidates: string[]): string | undefined {
  const dirs = (process.env.PATH ?? SYSTEM_PATH).split(':').concat(['/usr/bin', '/bin', '/usr/sbin', '/sbin']);
  for (const candidate of candidates) {
    const options = candidate.includes('/') ? [candidate] : dirs.map((dir) => path.join(dir, candidate));
    for (const option of options) {
      try {
        accessSync(option, fsConstants.X_OK);
        return option;
      } catch {
        // keep looking
      }
    }
  }
  return undefined;
}

/** Joins the listed cgroups, lowers its priority, then becomes the given command. */
const JOIN_AND_EXEC = 'n=$1; shift; while [ "$n" -gt 0 ]; do echo $$ > "$1"; shift; n=$((n-1)); done; niceness=$1; shift; exec nice -n "$niceness" "$@"';

/** Why this host cannot isolate servers, or undefined when a trial sandbox ran as a server user. */
async function trySandbox(config: AgentConfig, bwrap: string | undefined, setpriv: string | undefined): Promise<string | undefined> {
  if (process.platform !== 'linux') return 'game-server isolation needs Linux';
  if (process.getuid?.() !== 0) return 'the agent does not run as root, so it cannot give each server a user of its own';
  if (!bwrap) return 'bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)';
  if (!setpriv) return 'setpriv (util-linux) is not installed';
  await fs.mkdir(config.dataDir, { recursive: true });
  const folder = await fs.mkdtemp(path.join(config.dataDir, '.isolation-check-'));
  // The base id itself is never given to a server: it is the trial's.
  const user = { uid: config.uidBase, gid: config.uidBase };
  try {
    await fs.chown(folder, user.uid, user.gid);
    const { argv, inputs } = sandboxInvocation({ bwrap, setpriv, user, folder, readOnly: [], hidden: [], tmpBytes: 16 * MiB, env: { PATH: SYSTEM_PATH }, seccomp: seccompFilter() }, '/bin/sh', ['-c', 'id -u; touch /server/ok']);
    const child = spawnLaunch({ command: bwrap, args: argv, env: { PATH: SYSTEM_PATH }, cwd: '/', inputs });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const code = await new Promise<number | null>((resolve) => {
      child.once('error', () => resolve(null));
      child.once('exit', (exitCode) => resolve(exitCode));
    });
    clearTimeout(timer);
    if (code !== 0) return `bubblewrap could not build a sandbox here (${stderr.trim() || `exit ${code}`}); the node needs mount and PID namespaces (as root on the host, or in a privileged container)`;
    if (stdout.trim() !== String(user.uid)) return `a trial sandbox ran as user ${stdout.trim()} instead of ${user.uid}`;
    const made = await fs.stat(path.join(folder, 'ok')).catch(() => undefined);
    if (made?.uid !== user.uid) return 'a trial sandbox could not write its folder as its own user';
    return undefined;
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/**
 * Looks at the host once and builds the boundary. With NODE_AGENT_ISOLATION=on (the default) a
 * host that cannot isolate still runs the agent (so the API can read why) but starts no server;
 * `auto` falls back to running servers unisolated; `off` never tries.
 */
export async function openBoundary(config: AgentConfig, log: (message: string) => void): Promise<Boundary> {
  const warnings: string[] = [];
  const bwrap = config.bwrap ? findExecutable([config.bwrap]) : findExecutable(['bwrap']);
  const setpriv = findExecutable(['setpriv']);
  const reason = config.isolation === 'off' ? undefined : await trySandbox(config, bwrap, setpriv);
  const sandboxed = config.isolation !== 'off' && reason === undefined;
  const disabledByOperator = config.isolation === 'off' || (config.isolation === 'auto' && !sandboxed);
  if (config.isolation === 'off') warnings.push('Isolation is switched off (NODE_AGENT_ISOLATION=off): game servers run as the agent’s own user and can read its token and every other server. Use this only for development.');
  else if (reason) {
    warnings.push(
      config.isolation === 'auto'
        ? `This node cannot isolate game servers (${reason}); NODE_AGENT_ISOLATION=auto runs them unisolated, as the agent’s own user.`
        : `This node cannot isolate game servers (${reason}); no server will start until it can, or until NODE_AGENT_ISOLATION=off is set for development.`,
    );
  }

  if (sandboxed && !seccompFilter()) warnings.push(`No system-call filter on ${process.arch}: servers can still create user namespaces and reach the kernel interfaces x86-64 nodes refuse.`);

  let cgroups: Cgroups | undefined;
  if (process.platform === 'linux' && process.getuid?.() === 0) {
    const opened = await openCgroups(await readCgroupHost(), config.cgroupParent, `cairn-servers-${config.nodeKey}`).catch((error: unknown) => ({ cgroups: undefined, problems: [(error as Error).message] }));
    cgroups = opened.cgroups;
    for (const problem of opened.problems) warnings.push(`Limit not enforced: ${problem}.`);
  } else {
    warnings.push('Limits not enforced: the agent does not run as root, so it cannot create cgroups; memory is watched by sampling and CPU share is set by niceness only.');
  }
  const controllers = cgroups?.controllers ?? new Set();
  const status: AgentIsolation = {
    enabled: sandboxed,
    mechanism: sandboxed ? 'bubblewrap' : 'none',
    disabled_by_operator: disabledByOperator,
    cgroup_version: cgroups?.version ?? null,
    limits: { memory: controllers.has('memory'), cpu: controllers.has('cpu'), pids: controllers.has('pids') },
    warnings,
  };
  for (const warning of warnings) log(warning);

  const hidden = [config.dataDir];
  const seccomp = seccompFilter();
  return {
    status,
    canStart: sandboxed || disabledByOperator,
    async launch(request) {
      const procsFiles = cgroups ? await cgroups.prepare(request.id, request.limits) : [];
      const prefix = ['-c', JOIN_AND_EXEC, 'launch', String(procsFiles.length), ...procsFiles, String(request.niceness)];
      if (!sandboxed) {
        return {
          command: '/bin/sh',
          args: [...prefix, request.command, ...request.args],
          env: { PATH: process.env.PATH ?? SYSTEM_PATH, HOME: request.folder, ...request.env },
          cwd: request.folder,
          inputs: [],
        };
      }
      const env = { PATH: SYSTEM_PATH, HOME: SERVER_ROOT, TMPDIR: '/tmp', LANG: 'C.UTF-8', USER: 'server', ...request.env };
      const tmpBytes = Math.max(64 * MiB, Math.floor(request.limits.memoryBytes / 4));
      const { argv, inputs } = sandboxInvocation({ bwrap: bwrap!, setpriv: setpriv!, user: request.user, folder: request.folder, readOnly: request.readOnly, hidden, tmpBytes, env, seccomp }, request.command, request.args);
      return { command: '/bin/sh', args: [...prefix, bwrap!, ...argv], env: { PATH: SYSTEM_PATH }, cwd: '/', inputs };
    },
    async settle(id) {
      if (!cgroups) return { outOfMemory: false };
      const kills = await cgroups.oomKills(id);
      await cgroups.remove(id);
      return { outOfMemory: kills > 0 };
    },
    async killAll(id) {
      await cgroups?.killAll(id);
    },
    async remove(id) {
      await cgroups?.remove(id);
    },
    async close() {
      await cgroups?.close();
    },
  };
}
