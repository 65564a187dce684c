import { describe, expect, it } from 'vitest';
import { ServerAutobackupSchema, ServerSchema } from '@cairn/shared/schemas/servers';
import type { AgentServer } from '@cairn/shared/schemas/node-agent';
import { encodeBase62 } from '../../lib/ids.js';
import type { ServerSubscription } from '../billing/server-plans.port.js';
import { toAutobackup, toServer } from './servers.mapper.js';
import type { NodeLabelRow, ServerListRow } from './servers.repository.js';

const row: ServerListRow = {
  id: 'AbCdEf12',
  ownerId: 61,
  subscriptionId: 62,
  name: 'World',
  nodeId: 7,
  port: 25570,
  loader: 'vanilla',
  gameVersion: '1.21.4',
  status: 'available',
  suspensionReason: null,
  created: new Date('2026-01-02T03:04:05.000Z'),
  subdomain: 'world',
  memoryMib: 2048,
  cpuPercent: 200,
  storageMib: 10240,
};
const node: NodeLabelRow = { id: 7, name: 'node-a', url: 'http://10.0.0.5:8080', publicUrl: 'https://node-a.example.test', gameHost: null };
const sub: ServerSubscription = {
  userId: 61,
  status: 'provisioned',
  plan: { productId: 63, name: 'Medium', cpu: 2, ram: 4096, swap: 0, storage: 16384 },
  endedBy: 'cancelled',
};

describe('toServer', () => {
  it('shows the node and the address players connect to, and no process state unless the node was asked', () => {
    const server = ServerSchema.strict().parse(toServer(row, { sub, node }, undefined));
    expect(server).toMatchObject({
      owner_id: encodeBase62(61),
      subscription_id: encodeBase62(62),
      state: null,
      last_exit: null,
      isolated: null,
      plan: { product_id: encodeBase62(63), name: 'Medium', max_backups: 8 },
      net: { host: 'node-a.example.test', port: 25570 },
      node: { id: encodeBase62(7), name: 'node-a' },
      created: '2026-01-02T03:04:05.000Z',
    });
  });

  it('uses the custom address under SERVERS_DOMAIN and the live state the node reported', () => {
    const live: AgentServer = {
      id: row.id,
      runtime: 'flying-squid',
      game_version: '1.21.4',
      port: 25570,
      limits: { memory_mib: 4096, cpu_percent: 200, storage_mib: 16384 },
      state: 'running',
      last_exit: null,
      isolated: true,
      created: '2026-01-02T03:04:05.000Z',
    };
    expect(toServer(row, { sub, node, live }, 'play.example.test')).toMatchObject({ net: { host: 'world.play.example.test' }, state: 'running', isolated: true });
  });

  it('answers a server without a node or a known plan', () => {
    const server = toServer({ ...row, nodeId: null, port: null, status: 'unprovisioned' }, { sub: undefined, node: undefined }, undefined);
    expect(server).toMatchObject({ net: null, node: null, plan: { product_id: encodeBase62(0), name: 'Unknown', max_backups: 4 } });
  });
});

describe('toAutobackup', () => {
  it('gives a server without a schedule the default one, switched off', () => {
    expect(ServerAutobackupSchema.strict().parse(toAutobackup(undefined))).toEqual({ enabled: false, interval_hours: 6, last_run: null, next_run: null, last_skipped: null });
  });

  it('is due an interval after its last run, or now when it never ran', () => {
    const now = new Date('2026-01-02T00:00:00.000Z');
    const base = { serverId: 'AbCdEf12', enabled: true, intervalHours: 12, lastSkipped: null, updated: now };
    expect(toAutobackup({ ...base, lastRun: new Date('2026-01-01T18:00:00.000Z') }, now).next_run).toBe('2026-01-02T06:00:00.000Z');
    expect(toAutobackup({ ...base, lastRun: null }, now).next_run).toBe(now.toISOString());
    expect(toAutobackup({ ...base, enabled: false, lastRun: null }, now).next_run).toBeNull();
  });
});
