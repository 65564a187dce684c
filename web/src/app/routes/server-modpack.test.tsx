import type { ServerModpack } from '@cairn/shared/schemas/server-modpacks';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject } from '../../testing/mocks/catalogue';
import { buildServer } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas; the Overview tab's terminal is not what these tests are about.
vi.mock('../../features/server-panel/components/console-terminal', () => ({ ConsoleTerminal: () => null }));

function pack(overrides: Partial<ServerModpack>): ServerModpack {
  return {
    project_id: 'Camp0001',
    title: 'Trailhead Camp',
    slug: 'trailhead-camp',
    icon_url: null,
    version_id: 'CampV100',
    version_number: '1.0.0',
    target_version_id: 'CampV100',
    target_version_number: '1.0.0',
    state: 'installed',
    error: null,
    progress: { files_done: 6, files_total: 6, bytes_done: 4096, bytes_total: 4096 },
    files: [
      { path: 'plugins/welcome-sign-1.0.0.zip', source: 'download', size: 2048, sha1: 'a'.repeat(40), sha512: 'b'.repeat(128) },
      { path: 'config/trailhead/rules.txt', source: 'override', size: 60, sha1: 'c'.repeat(40), sha512: 'd'.repeat(128) },
    ],
    skipped: ['resourcepacks/Softstone-1.0.0.zip', 'client-overrides/options.txt'],
    conflicts: [],
    update_version_id: 'CampV120',
    update_version_number: '1.2.0',
    started: '2026-01-05T10:00:00.000Z',
    finished: '2026-01-05T10:00:05.000Z',
    ...overrides,
  };
}

function servePanel(answer: () => ServerModpack) {
  signIn();
  server.use(
    http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer())),
    http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get('*/v2/servers/Srv00001/content', () => HttpResponse.json({ loaders: ['flying-squid'], game_version: '1.21.4', content: [] })),
    http.get('*/v2/servers/Srv00001/modpack', () => HttpResponse.json({ modpack: answer() })),
  );
}

describe('a modpack on the Content tab', () => {
  it('shows the install progress in files and bytes while the job runs', async () => {
    servePanel(() => pack({ version_id: null, version_number: null, state: 'installing', progress: { files_done: 2, files_total: 6, bytes_done: 1024, bytes_total: 4096 }, files: [], skipped: [], update_version_id: null, update_version_number: null }));
    const { container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001?tab=content' });
    const card = within(await screen.findByRole('region', { name: /Trailhead Camp/ }, { timeout: 45_000 }));
    expect(card.getByText('Installing')).toBeInTheDocument();
    expect(card.getByRole('progressbar', { name: 'Installing Trailhead Camp' })).toHaveAttribute('value', '2');
    expect(card.getByRole('status')).toHaveTextContent(/2 of 6 files · 1(\.00)? KiB of 4(\.00)? KiB/);
    await expectNoAxeViolations(container);
  }, 60_000);

  it('lists contents, client-only files and kept changes, and updates after previewing', async () => {
    let current = pack({ conflicts: [{ path: 'config/trailhead/welcome.txt', written_as: 'config/trailhead/welcome.txt.pack-new' }] });
    servePanel(() => current);
    const posted: unknown[] = [];
    server.use(
      http.get('*/v2/servers/Srv00001/modpack/update-preview', () =>
        HttpResponse.json({
          from: { version_id: 'CampV100', version_number: '1.0.0' },
          to: { version_id: 'CampV120', version_number: '1.2.0' },
          platform: { loader: 'vanilla', game_version: '1.21.4', changes: false },
          versions_between: [{ id: 'CampV120', name: 'Camp 1.2.0', version_number: '1.2.0', version_type: 'release', date_published: '2026-02-01T10:00:00.000Z', changelog: 'A notice board for new arrivals.' }],
          versions_between_truncated: false,
          files: { added: ['config/trailhead/notice-board.txt'], removed: ['plugins/welcome-sign-1.0.0.zip'], updated: ['config/trailhead/rules.txt'] },
          mods: null,
        }),
      ),
      http.post('*/v2/servers/Srv00001/modpack', async ({ request }) => {
        posted.push(await jsonBody(request));
        current = pack({ state: 'queued', target_version_id: 'CampV120', target_version_number: '1.2.0', update_version_id: null, update_version_number: null });
        return HttpResponse.json(current, { status: 202 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001?tab=content' });
    const card = within(await screen.findByRole('region', { name: /Trailhead Camp/ }, { timeout: 45_000 }));
    expect(card.getByText('Version 1.0.0')).toBeInTheDocument();
    expect(within(card.getByRole('list', { name: 'Files kept with your changes' })).getByRole('listitem')).toHaveTextContent('config/trailhead/welcome.txt (the pack\'s new version is in config/trailhead/welcome.txt.pack-new)');
    expect(within(card.getByRole('list', { name: 'Client-only files', hidden: true })).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    expect(within(card.getByRole('list', { name: 'Files of the pack on this server', hidden: true })).getAllByRole('listitem', { hidden: true })).toHaveLength(2);
    await expectNoAxeViolations(container);

    await user.click(card.getByRole('button', { name: 'Update pack to 1.2.0' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update Trailhead Camp' }));
    await dialog.findByText('From 1.0.0 to 1.2.0');
    expect(within(dialog.getByRole('region', { name: 'Added (1)' })).getByText('config/trailhead/notice-board.txt')).toBeInTheDocument();
    expect(within(dialog.getByRole('region', { name: 'Removed (1)' })).getByText('plugins/welcome-sign-1.0.0.zip')).toBeInTheDocument();
    expect(dialog.getByText('A notice board for new arrivals.')).toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.click(dialog.getByRole('button', { name: 'Update pack' }));
    await card.findByText('Queued');
    expect(posted).toEqual([{ version_id: 'CampV120' }]);
  }, 60_000);
});

describe('"Install on my server" on a modpack page', () => {
  it('installs a chosen version on a chosen server and opens its Content tab', async () => {
    signIn();
    const posted: unknown[] = [];
    server.use(
      http.get('*/v2/project/:id', () => HttpResponse.json(buildProject({ slug: 'trailhead-camp', title: 'Trailhead Camp', project_type: 'modpack' }))),
      http.get('*/v2/user/:id/follows', () => HttpResponse.json([])),
      http.get('*/v2/servers/content-targets', () =>
        HttpResponse.json({ servers: [{ id: 'Srv00001', name: 'Camp World', status: 'available', loader: 'vanilla', game_version: '1.21.4' }, { id: 'Srv00002', name: 'Other', status: 'available', loader: 'vanilla', game_version: '1.21.4' }] }),
      ),
      http.post('*/v2/servers/Srv00002/modpack', async ({ request }) => {
        posted.push(await jsonBody(request));
        return HttpResponse.json(pack({ state: 'queued', version_id: null, version_number: null }), { status: 202 });
      }),
      http.get('*/v2/servers/Srv00002', () => HttpResponse.json(buildServer({ id: 'Srv00002' }))),
      http.get('*/v2/servers/Srv00002/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
      http.get('*/v2/servers/Srv00002/content', () => HttpResponse.json({ loaders: ['flying-squid'], game_version: '1.21.4', content: [] })),
    );
    const { user, container, router } = renderRoute(createAppRoutes, { path: '/modpack/trailhead-camp' });
    await user.click(await screen.findByRole('button', { name: 'Install on my server' }, { timeout: 45_000 }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Install Trailhead Camp on a server' }));
    await user.selectOptions(await dialog.findByRole('combobox', { name: 'Server' }), 'Srv00002');
    const version = dialog.getByRole('combobox', { name: 'Pack version' });
    expect(within(version).getAllByRole('option').length).toBeGreaterThan(0);
    await expectNoAxeViolations(container);
    await user.click(dialog.getByRole('button', { name: 'Install' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/servers/manage/Srv00002'));
    expect(router.state.location.search).toBe('?tab=content');
    expect(posted).toEqual([{ version_id: expect.any(String) }]);
  }, 60_000);

  it('is not offered to visitors', async () => {
    server.use(http.get('*/v2/project/:id', () => HttpResponse.json(buildProject({ slug: 'trailhead-camp', title: 'Trailhead Camp', project_type: 'modpack' }))));
    renderRoute(createAppRoutes, { path: '/modpack/trailhead-camp' });
    await screen.findByRole('heading', { level: 1, name: 'Trailhead Camp' }, { timeout: 45_000 });
    expect(screen.queryByRole('button', { name: 'Install on my server' })).toBeNull();
  }, 60_000);
});
