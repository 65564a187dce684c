import type { Product } from '@cairn/shared/schemas/billing';
import type { AgentIsolation } from '@cairn/shared/schemas/node-agent';
import type { Server, ServerNetwork, ServerNode, ServerStartup } from '@cairn/shared/schemas/servers';
import { http, HttpResponse } from 'msw';

/** Server plans and servers as the API answers them (shared/src/schemas/billing.ts, servers.ts), for msw handlers. */
export function buildServerPlanProduct(name: string, monthly: number, stock: number, overrides: Partial<{ cpu: number; ram: number; storage: number }> = {}): Product {
  const id = `Plan${name}`.slice(0, 12);
  return {
    id,
    metadata: { type: 'pyro', name, cpu: 2, ram: 2048, swap: 512, storage: 16384, stock, ...overrides },
    prices: [{ id: `${id}P`, product_id: id, prices: { type: 'recurring', intervals: { monthly, yearly: monthly * 10 } }, currency_code: 'USD' }],
    unitary: false,
  };
}

export function buildServer(overrides: Partial<Server> = {}): Server {
  return {
    id: 'Srv00001',
    name: 'Survival world',
    owner_id: 'User0001',
    status: 'available',
    suspension_reason: null,
    state: 'stopped',
    last_exit: null,
    isolated: true,
    plan: { product_id: 'PlanSmall', name: 'Small', cpu: 2, ram: 2048, swap: 512, storage: 16384, max_backups: 3 },
    subscription_id: 'Sub00001',
    game: 'minecraft',
    game_version: '1.21.4',
    loader: 'vanilla',
    net: { host: '127.0.0.1', port: 25601 },
    node: { id: 'Node0001', name: 'local' },
    created: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A node that isolates its servers and enforces every plan limit (cgroup v2). */
export function buildNodeIsolation(overrides: Partial<AgentIsolation> = {}): AgentIsolation {
  return {
    enabled: true,
    mechanism: 'bubblewrap',
    disabled_by_operator: false,
    cgroup_version: 'v2',
    limits: { memory: true, cpu: true, pids: true },
    warnings: [],
    ...overrides,
  };
}

export function buildServerNode(overrides: Partial<ServerNode> = {}): ServerNode {
  return {
    id: 'Node0001',
    name: 'local',
    url: 'http://127.0.0.1:8450',
    public_url: 'http://127.0.0.1:8450',
    game_host: '127.0.0.1',
    cpu_cores: 2,
    memory_mib: 8192,
    allocated_memory_mib: 2048,
    servers: 1,
    healthy: true,
    last_seen: '2026-01-05T10:00:00.000Z',
    isolation: buildNodeIsolation(),
    ...overrides,
  };
}

/** The Options sections' routes (platforms, startup, network, allocations, preferences, backups) with plain answers. */
export function serverOptionsHandlers(serverId: string, overrides: { startup?: ServerStartup; network?: ServerNetwork } = {}) {
  const base = `*/v2/servers/${serverId}`;
  return [
    http.get(`${base}/platforms`, () =>
      HttpResponse.json({ platforms: [{ loader: 'vanilla', runtime: 'flying-squid', game_versions: ['1.21.4'] }, { loader: 'paper', runtime: 'java', game_versions: ['1.21.4', '1.20.6'] }] }),
    ),
    http.get(`${base}/startup`, () => HttpResponse.json(overrides.startup ?? { supported: false, invocation: '', java_version: null, java_versions: [17, 21] })),
    http.get(`${base}/network`, () => HttpResponse.json(overrides.network ?? { subdomain: null, domain: 'play.cairn.test', dns_records: [] })),
    http.get(`${base}/allocations`, () => HttpResponse.json({ allocations: [{ port: 25601, name: 'Primary', primary: true }], max: 32 })),
    http.get(`${base}/preferences`, () => HttpResponse.json({ auto_restart: false })),
    http.get(`${base}/backups`, () => HttpResponse.json({ backups: [], max_backups: 3 })),
  ];
}
