import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCgroups } from './cgroups.js';

/**
 * The cgroup logic against a folder standing in for /sys/fs/cgroup: which hierarchy is chosen,
 * where the groups go and what each limit file receives. (The kernel side — limits that bite,
 * OOM kills counted — is exercised by the isolation tests against the real cgroupfs.)
 */
let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'cgroupfs-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const read = (...parts: string[]) => fs.readFile(path.join(root, ...parts), 'utf8');
const limits = { memoryBytes: 640 * 1024 * 1024, cpuPercent: 150, pidsMax: 512 };

describe('cgroup v1 (one hierarchy per controller)', () => {
  const mountinfo = (dir: string) =>
    [
      `30 25 0:26 / ${dir}/memory rw,relatime - cgroup cgroup rw,memory`,
      `31 25 0:27 / ${dir}/cpu,cpuacct rw,relatime - cgroup cgroup rw,cpu,cpuacct`,
      `32 25 0:28 / ${dir}/pids rw,relatime - cgroup cgroup rw,pids`,
      `33 25 0:29 / ${dir}/unified rw,relatime - cgroup2 cgroup2 rw`,
    ].join('\n');
  const selfCgroup = '4:memory:/job/42\n2:cpu,cpuacct:/\n8:pids:/\n0::/\n';

  it('makes a group per server beside the agent’s own, with the plan’s limits', async () => {
    const { cgroups, problems } = await openCgroups({ mountinfo: mountinfo(root), selfCgroup, pid: 1234 }, undefined, 'cairn-servers');
    expect(problems).toEqual([]);
    expect(cgroups?.version).toBe('v1');
    expect([...cgroups!.controllers].sort()).toEqual(['cpu', 'memory', 'pids']);
    const procs = await cgroups!.prepare('srv1', limits);
    expect(procs.sort()).toEqual(
      [path.join(root, 'memory/job/42/cairn-servers/srv1/cgroup.procs'), path.join(root, 'cpu,cpuacct/cairn-servers/srv1/cgroup.procs'), path.join(root, 'pids/cairn-servers/srv1/cgroup.procs')].sort(),
    );
    expect(await read('memory/job/42/cairn-servers/srv1/memory.limit_in_bytes')).toBe(String(640 * 1024 * 1024));
    expect(await read('cpu,cpuacct/cairn-servers/srv1/cpu.cfs_quota_us')).toBe('150000');
    expect(await read('cpu,cpuacct/cairn-servers/srv1/cpu.cfs_period_us')).toBe('100000');
    expect(await read('cpu,cpuacct/cairn-servers/srv1/cpu.shares')).toBe('1536');
    expect(await read('pids/cairn-servers/srv1/pids.max')).toBe('512');
  });

  it('reads the OOM killer’s count from memory.oom_control', async () => {
    const { cgroups } = await openCgroups({ mountinfo: mountinfo(root), selfCgroup, pid: 1234 }, undefined, 'cairn-servers');
    await cgroups!.prepare('srv1', limits);
    expect(await cgroups!.oomKills('srv1')).toBe(0);
    await fs.writeFile(path.join(root, 'memory/job/42/cairn-servers/srv1/memory.oom_control'), 'oom_kill_disable 0\nunder_oom 0\noom_kill 2\n');
    expect(await cgroups!.oomKills('srv1')).toBe(2);
  });

  it('names a controller no hierarchy offers, and enforces the others', async () => {
    const withoutPids = mountinfo(root).split('\n').filter((line) => !line.includes('pids')).join('\n');
    const { cgroups, problems } = await openCgroups({ mountinfo: withoutPids, selfCgroup, pid: 1234 }, undefined, 'cairn-servers');
    expect([...cgroups!.controllers].sort()).toEqual(['cpu', 'memory']);
    expect(problems).toEqual(['no cgroup hierarchy offers the pids controller']);
  });
});

describe('cgroup v2 (one unified hierarchy)', () => {
  const mountinfo = (dir: string) => `29 25 0:26 / ${dir} rw,nosuid - cgroup2 cgroup2 rw,nsdelegate`;

  it('moves the agent into a leaf, hands the controllers down and limits each server', async () => {
    await fs.mkdir(path.join(root, 'agent.service'));
    await fs.writeFile(path.join(root, 'agent.service', 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    await fs.writeFile(path.join(root, 'agent.service', 'cgroup.procs'), '1234\n');
    const { cgroups, problems } = await openCgroups({ mountinfo: mountinfo(root), selfCgroup: '0::/agent.service\n', pid: 1234 }, undefined, 'cairn-servers');
    expect(problems).toEqual([]);
    expect(cgroups?.version).toBe('v2');
    expect(await read('agent.service/agent/cgroup.procs')).toBe('1234');
    expect(await read('agent.service/cgroup.subtree_control')).toBe('+cpu +memory +pids');
    expect(await read('agent.service/cairn-servers/cgroup.subtree_control')).toBe('+cpu +memory +pids');
    expect(await cgroups!.prepare('srv1', limits)).toEqual([path.join(root, 'agent.service/cairn-servers/srv1/cgroup.procs')]);
    expect(await read('agent.service/cairn-servers/srv1/memory.max')).toBe(String(640 * 1024 * 1024));
    expect(await read('agent.service/cairn-servers/srv1/memory.swap.max')).toBe('0');
    expect(await read('agent.service/cairn-servers/srv1/memory.oom.group')).toBe('1');
    expect(await read('agent.service/cairn-servers/srv1/cpu.max')).toBe('150000 100000');
    expect(await read('agent.service/cairn-servers/srv1/pids.max')).toBe('512');
    await fs.writeFile(path.join(root, 'agent.service/cairn-servers/srv1/memory.events'), 'low 0\nhigh 0\nmax 9\noom 1\noom_kill 1\n');
    expect(await cgroups!.oomKills('srv1')).toBe(1);
  });

  it('uses an operator-delegated group as it is (NODE_AGENT_CGROUP)', async () => {
    await fs.mkdir(path.join(root, 'delegated'));
    await fs.writeFile(path.join(root, 'delegated', 'cgroup.controllers'), 'memory pids\n');
    await fs.mkdir(path.join(root, 'elsewhere'));
    await fs.writeFile(path.join(root, 'elsewhere', 'cgroup.controllers'), 'memory pids\n');
    const { cgroups, problems } = await openCgroups({ mountinfo: mountinfo(root), selfCgroup: '0::/elsewhere\n', pid: 1234 }, '/delegated', 'cairn-servers');
    expect(problems).toEqual(['the cpu controller is not available to the agent’s cgroup']);
    expect([...cgroups!.controllers].sort()).toEqual(['memory', 'pids']);
    expect(await read('delegated/cgroup.subtree_control')).toBe('+memory +pids');
    await expect(read('delegated/agent/cgroup.procs')).rejects.toThrow();
  });
});
