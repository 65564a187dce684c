import fs from 'node:fs/promises';
import path from 'node:path';

/** The limits one server's group carries. */
export interface GroupLimits {
  memoryBytes: number;
  /** Percent of one core: 200 = two cores. */
  cpuPercent: number;
  pidsMax: number;
}

export type Controller = 'memory' | 'cpu' | 'pids';

/**
 * One cgroup per server under a parent the agent owns (cgroup v2, or the v1 hierarchies of the
 * memory, cpu and pids controllers). A group is made afresh at every start, so its OOM counter
 * counts only that run.
 */
export interface Cgroups {
  readonly version: 'v1' | 'v2';
  readonly controllers: ReadonlySet<Controller>;
  /** Removes the server's old group (killing what is left in it) and makes a new one; returns the cgroup.procs files a process joins. */
  prepare(id: string, limits: GroupLimits): Promise<string[]>;
  /** How often the kernel's OOM killer acted in the group's current run. */
  oomKills(id: string): Promise<number>;
  /** Kills every process still in the group and waits until it is empty. */
  killAll(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Removes the agent's own parent group once no server group is left in it. */
  close(): Promise<void>;
}

/** What /proc/self/mountinfo and /proc/self/cgroup say (passed in, so tests can describe any host). */
export interface CgroupHost {
  mountinfo: string;
  selfCgroup: string;
  pid: number;
}

export async function readCgroupHost(): Promise<CgroupHost> {
  const [mountinfo, selfCgroup] = await Promise.all([fs.readFile('/proc/self/mountinfo', 'utf8'), fs.readFile('/proc/self/cgroup', 'utf8')]);
  return { mountinfo, selfCgroup, pid: process.pid };
}

const CONTROLLERS: Controller[] = ['memory', 'cpu', 'pids'];
const CFS_PERIOD_US = 100_000;

interface Mount {
  point: string;
  type: string;
  superOptions: string[];
}

function mounts(mountinfo: string): Mount[] {
  return mountinfo
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [before, after = ''] = line.split(' - ');
      const fields = before!.split(' ');
      const [type = '', , superOptions = ''] = after.split(' ');
      return { point: unescapeMount(fields[4] ?? ''), type, superOptions: superOptions.split(',') };
    });
}

const unescapeMount = (value: string) => value.replace(/\\(\d{3})/g, (_m, octal: string) => String.fromCharCode(parseInt(octal, 8)));

/** The agent's own group per hierarchy: `0::/path` (v2) and `n:memory,..:/path` (v1). */
function ownGroups(selfCgroup: string): { v2: string | undefined; v1: Map<string, string> } {
  const v1 = new Map<string, string>();
  let v2: string | undefined;
  for (const line of selfCgroup.split('\n').filter(Boolean)) {
    const [, controllers = '', ...rest] = line.split(':');
    const group = rest.join(':');
    if (controllers === '') v2 = group;
    else for (const controller of controllers.split(',')) v1.set(controller, group);
  }
  return { v2, v1 };
}

const write = (file: string, value: string) => fs.writeFile(file, value);
const exists = (file: string) => fs.access(file).then(() => true, () => false);
const readText = (file: string) => fs.readFile(file, 'utf8').catch(() => '');

async function procsOf(folder: string): Promise<number[]> {
  return (await readText(path.join(folder, 'cgroup.procs'))).split('\n').filter(Boolean).map(Number);
}

async function killProcs(folder: string): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const pids = await procsOf(folder);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function removeGroup(folder: string): Promise<void> {
  if (!(await exists(folder))) return;
  await killProcs(folder);
  // rmdir of a cgroup fails with EBUSY until the kernel has reaped the last member.
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.rmdir(folder);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** `oom_kill N` from memory.events (v2) or memory.oom_control (v1). */
function oomKillCount(text: string): number {
  const match = /^oom_kill (\d+)$/m.exec(text);
  return match ? Number(match[1]) : 0;
}

/** cgroup v1: one folder per controller hierarchy, each beside the agent's own group (or under `parent`). */
function v1Cgroups(roots: Map<Controller, string>): Cgroups {
  const folderOf = (controller: Controller, id: string) => path.join(roots.get(controller)!, id);
  const all = (id: string) => [...new Set([...roots.keys()].map((controller) => folderOf(controller, id)))];
  return {
    version: 'v1',
    controllers: new Set(roots.keys()),
    async prepare(id, limits) {
      for (const folder of all(id)) await removeGroup(folder);
      for (const folder of all(id)) await fs.mkdir(folder, { recursive: true });
      if (roots.has('memory')) {
        const folder = folderOf('memory', id);
        await write(path.join(folder, 'memory.limit_in_bytes'), String(limits.memoryBytes));
        // Without swap accounting the file is absent and swap is not limited separately.
        const swap = path.join(folder, 'memory.memsw.limit_in_bytes');
        if (await exists(swap)) await write(swap, String(limits.memoryBytes));
      }
      if (roots.has('cpu')) {
        const folder = folderOf('cpu', id);
        await write(path.join(folder, 'cpu.cfs_period_us'), String(CFS_PERIOD_US));
        await write(path.join(folder, 'cpu.cfs_quota_us'), String(Math.round((limits.cpuPercent / 100) * CFS_PERIOD_US)));
        await write(path.join(folder, 'cpu.shares'), String(Math.max(2, Math.round((1024 * limits.cpuPercent) / 100))));
      }
      if (roots.has('pids')) await write(path.join(folderOf('pids', id), 'pids.max'), String(limits.pidsMax));
      return all(id).map((folder) => path.join(folder, 'cgroup.procs'));
    },
    async oomKills(id) {
      return roots.has('memory') ? oomKillCount(await readText(path.join(folderOf('memory', id), 'memory.oom_control'))) : 0;
    },
    async killAll(id) {
      for (const folder of all(id)) await killProcs(folder);
    },
    async remove(id) {
      for (const folder of all(id)) await removeGroup(folder);
    },
    async close() {
      for (const root of new Set(roots.values())) await fs.rmdir(root).catch(() => undefined);
    },
  };
}

/** cgroup v2: `<parent>/cairn-servers-<node>/<id>`, the controllers enabled down the way. */
function v2Cgroups(root: string, controllers: Set<Controller>): Cgroups {
  const folderOf = (id: string) => path.join(root, id);
  return {
    version: 'v2',
    controllers,
    async prepare(id, limits) {
      const folder = folderOf(id);
      await removeGroup(folder);
      await fs.mkdir(folder);
      if (controllers.has('memory')) {
        await write(path.join(folder, 'memory.max'), String(limits.memoryBytes));
        await write(path.join(folder, 'memory.swap.max'), '0').catch(() => undefined);
        // An OOM kill takes the whole sandbox down at once rather than one process of it.
        await write(path.join(folder, 'memory.oom.group'), '1').catch(() => undefined);
      }
      if (controllers.has('cpu')) {
        await write(path.join(folder, 'cpu.max'), `${Math.round((limits.cpuPercent / 100) * CFS_PERIOD_US)} ${CFS_PERIOD_US}`);
        await write(path.join(folder, 'cpu.weight'), String(Math.min(10_000, Math.max(1, limits.cpuPercent))));
      }
      if (controllers.has('pids')) await write(path.join(folder, 'pids.max'), String(limits.pidsMax));
      return [path.join(folder, 'cgroup.procs')];
    },
    async oomKills(id) {
      return controllers.has('memory') ? oomKillCount(await readText(path.join(folderOf(id), 'memory.events'))) : 0;
    },
    async killAll(id) {
      const folder = folderOf(id);
      // cgroup.kill (Linux 5.14+) kills the whole group atomically, forks in flight included.
      if (await exists(path.join(folder, 'cgroup.kill'))) await write(path.join(folder, 'cgroup.kill'), '1').catch(() => undefined);
      await killProcs(folder);
    },
    remove: (id) => removeGroup(folderOf(id)),
    close: () => fs.rmdir(root).catch(() => undefined),
  };
}

/**
 * Finds where the agent may make server groups and proves it can (creating the parent folder).
 * Prefers cgroup v2 when its hierarchy offers the memory controller; else the v1 hierarchies.
 * Returns the groups and, for whatever could not be set up, readable reasons.
 */
export async function openCgroups(host: CgroupHost, parent: string | undefined, folder: string): Promise<{ cgroups: Cgroups | undefined; problems: string[] }> {
  const problems: string[] = [];
  const all = mounts(host.mountinfo);
  const own = ownGroups(host.selfCgroup);
  const unified = all.find((mount) => mount.type === 'cgroup2');
  if (unified && own.v2 !== undefined) {
    const group = parent ?? own.v2;
    const available = (await readText(path.join(unified.point, group, 'cgroup.controllers'))).trim().split(/\s+/);
    if (available.includes('memory')) {
      try {
        const root = await delegateV2(unified.point, group, folder, parent === undefined, host.pid);
        const enabled = new Set(CONTROLLERS.filter((controller) => available.includes(controller)));
        for (const controller of CONTROLLERS) if (!enabled.has(controller)) problems.push(`the ${controller} controller is not available to the agent’s cgroup`);
        return { cgroups: v2Cgroups(root, enabled), problems };
      } catch (error) {
        problems.push(`cgroup v2 at ${unified.point} is not writable by the agent (${(error as Error).message})`);
        return { cgroups: undefined, problems };
      }
    }
  }
  const roots = new Map<Controller, string>();
  for (const controller of CONTROLLERS) {
    const mount = all.find((m) => m.type === 'cgroup' && m.superOptions.includes(controller));
    const group = own.v1.get(controller);
    if (!mount || group === undefined) {
      problems.push(`no cgroup hierarchy offers the ${controller} controller`);
      continue;
    }
    const root = path.join(mount.point, parent ?? group, folder);
    try {
      await fs.mkdir(root, { recursive: true });
      roots.set(controller, root);
    } catch (error) {
      problems.push(`the ${controller} cgroup at ${mount.point} is not writable by the agent (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  return { cgroups: roots.size > 0 ? v1Cgroups(roots) : undefined, problems };
}

/**
 * v2 lets a group hand controllers to its children only while it holds no processes itself, so
 * the agent first moves itself into a leaf (`<group>/agent`) when it was given its own group.
 */
async function delegateV2(mountPoint: string, group: string, folder: string, moveSelf: boolean, pid: number): Promise<string> {
  const base = path.join(mountPoint, group);
  if (moveSelf && (await procsOf(base)).length > 0) {
    const leaf = path.join(base, 'agent');
    await fs.mkdir(leaf, { recursive: true });
    for (const member of await procsOf(base)) await write(path.join(leaf, 'cgroup.procs'), String(member)).catch(() => undefined);
    if (!(await procsOf(leaf)).includes(pid)) throw new Error('could not move the agent into a leaf group');
  }
  const wanted = (await readText(path.join(base, 'cgroup.controllers'))).trim().split(/\s+/).filter((c) => (CONTROLLERS as string[]).includes(c));
  const enable = wanted.map((c) => `+${c}`).join(' ');
  await write(path.join(base, 'cgroup.subtree_control'), enable);
  const root = path.join(base, folder);
  await fs.mkdir(root, { recursive: true });
  await write(path.join(root, 'cgroup.subtree_control'), enable);
  return root;
}
