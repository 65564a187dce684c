import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildNodeIsolation, buildServerNode } from '../../../testing/mocks/servers';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';

const nodes = [
  buildServerNode({ id: 'Node0001', name: 'secure', isolation: buildNodeIsolation() }),
  buildServerNode({
    id: 'Node0002',
    name: 'partial',
    isolation: buildNodeIsolation({ cgroup_version: 'v1', limits: { memory: true, cpu: false, pids: false }, warnings: ['cpu and pids controllers are not delegated to the agent'] }),
  }),
  buildServerNode({
    id: 'Node0003',
    name: 'laptop',
    isolation: buildNodeIsolation({
      enabled: false,
      mechanism: 'none',
      disabled_by_operator: true,
      cgroup_version: null,
      limits: { memory: false, cpu: false, pids: false },
      warnings: ['isolation is switched off (NODE_AGENT_ISOLATION=off)', 'servers run as the agent user'],
    }),
  }),
  buildServerNode({ id: 'Node0004', name: 'broken', isolation: buildNodeIsolation({ enabled: false, disabled_by_operator: false, mechanism: 'none' }) }),
  buildServerNode({ id: 'Node0005', name: 'gone', healthy: false, isolation: null }),
];

describe('/servers/admin isolation', () => {
  it('says for each node whether it isolates servers, how, which plan limits it skips, and lists its warnings', async () => {
    signIn({ role: 'admin' });
    server.use(
      http.get('*/v2/servers/nodes', () => HttpResponse.json({ nodes })),
      http.get('*/v2/servers', () => HttpResponse.json({ servers: [] })),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/servers/admin' });
    const table = await screen.findByRole('table', { name: 'Nodes' }, { timeout: 45_000 });
    expect(within(table).getByRole('columnheader', { name: 'Isolation' })).toBeInTheDocument();
    const cell = (name: string) => {
      const row = within(table).getByRole('row', { name: new RegExp(`^${name}\\b`) });
      return within(row).getAllByRole('cell').at(-1)!;
    };

    expect(cell('secure')).toHaveTextContent('Isolated');
    expect(cell('secure')).toHaveTextContent('cgroup v2');
    expect(cell('secure')).not.toHaveTextContent('not enforced');

    expect(cell('partial')).toHaveTextContent('Isolated');
    expect(cell('partial')).toHaveTextContent('cgroup v1');
    expect(cell('partial')).toHaveTextContent('Plan limits not enforced: CPU and processes');

    expect(cell('laptop')).toHaveTextContent('Not isolated (switched off)');
    expect(cell('laptop')).toHaveTextContent('no cgroups');
    expect(cell('laptop')).toHaveTextContent('Plan limits not enforced: memory, CPU, and processes');

    expect(cell('broken')).toHaveTextContent(/^Not isolated/);
    expect(cell('broken')).not.toHaveTextContent('switched off');
    expect(cell('gone')).toHaveTextContent('Unknown');

    const warnings = within(screen.getByRole('region', { name: 'Isolation warnings' }));
    expect(warnings.queryByRole('heading', { name: 'secure' })).not.toBeInTheDocument();
    expect(within(warnings.getByRole('list', { name: 'partial' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'cpu and pids controllers are not delegated to the agent',
    ]);
    expect(within(warnings.getByRole('list', { name: 'laptop' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'isolation is switched off (NODE_AGENT_ISOLATION=off)',
      'servers run as the agent user',
    ]);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('shows no warnings section when no node has warnings', async () => {
    signIn({ role: 'admin' });
    server.use(
      http.get('*/v2/servers/nodes', () => HttpResponse.json({ nodes: [nodes[0]] })),
      http.get('*/v2/servers', () => HttpResponse.json({ servers: [] })),
    );
    renderRoute(createAppRoutes, { path: '/servers/admin' });
    await screen.findByRole('table', { name: 'Nodes' }, { timeout: 45_000 });
    expect(screen.queryByRole('region', { name: 'Isolation warnings' })).not.toBeInTheDocument();
  }, 60_000);
});
