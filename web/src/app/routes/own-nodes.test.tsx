import type { OwnNode } from '@cairn/shared/schemas/own-nodes';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const node: OwnNode = {
  id: 'Node0001',
  name: 'Basement box',
  game_host: '203.0.113.7',
  connected: true,
  last_seen: '2026-11-29T12:00:00.000Z',
  cpu_cores: 8,
  memory_total_mib: 16384,
  limits: { max_servers: 2, max_memory_mib: null },
  servers: 1,
  allocated_memory_mib: 1024,
  isolation: { enabled: true, mechanism: 'bubblewrap', disabled_by_operator: false, cgroup_version: 'v2', limits: { memory: true, cpu: true, pids: true }, warnings: [] },
  created: '2026-11-29T11:00:00.000Z',
};

describe('/servers/nodes (My nodes)', () => {
  it('adds a node and shows its join command once, lists nodes with status, capacity and isolation, and saves limits', async () => {
    signIn();
    const enrolments: Array<Record<string, unknown>> = [];
    const edits: Array<Record<string, unknown>> = [];
    server.use(
      http.get('*/v2/servers/own-nodes', () => HttpResponse.json({ nodes: [node] })),
      http.post('*/v2/servers/own-nodes/enrolments', async ({ request }) => {
        enrolments.push(await jsonBody(request));
        return HttpResponse.json(
          { token: 'cne_secret', expires: '2026-11-29T13:00:00.000Z', command: 'node node-agent/dist/src/main.js --join https://api.cairn.test cne_secret', api_url: 'https://api.cairn.test' },
          { status: 201 },
        );
      }),
      http.patch('*/v2/servers/own-nodes/Node0001', async ({ request }) => {
        edits.push(await jsonBody(request));
        return HttpResponse.json({ ...node, limits: { max_servers: 3, max_memory_mib: null } });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/nodes' });
    await screen.findByRole('heading', { level: 1, name: 'My nodes' }, { timeout: 45_000 });
    const list = await screen.findByRole('list', { name: 'Your nodes' });
    const card = within(within(list).getAllByRole('listitem')[0]!);
    expect(card.getByRole('heading', { name: 'Basement box' })).toBeInTheDocument();
    expect(card.getByText('Connected')).toBeInTheDocument();
    expect(card.getByText('8 cores, 16,384 MiB memory')).toBeInTheDocument();
    expect(card.getByText('On (bubblewrap)')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Node name' }), 'Attic');
    await user.click(screen.getByRole('button', { name: 'Get a join command' }));
    expect(await screen.findByText('node node-agent/dist/src/main.js --join https://api.cairn.test cne_secret')).toBeInTheDocument();
    expect(enrolments).toEqual([{ name: 'Attic' }]);

    const most = card.getByRole('spinbutton', { name: /Most servers/ });
    await user.clear(most);
    await user.type(most, '3');
    await user.click(card.getByRole('button', { name: 'Save limits' }));
    await expect.poll(() => edits).toEqual([{ max_servers: 3, max_memory_mib: null }]);
    await expectNoAxeViolations(container);
  }, 60_000);
});
