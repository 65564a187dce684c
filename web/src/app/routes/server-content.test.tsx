import type { ServerContent } from '@cairn/shared/schemas/server-content';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildSearchHit, buildSearchResults } from '../../testing/mocks/catalogue';
import { buildServer } from '../../testing/mocks/servers';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

// jsdom cannot draw xterm's canvas; the Overview tab's terminal is not what these tests are about.
vi.mock('../../features/server-panel/components/console-terminal', () => ({ ConsoleTerminal: () => null }));

function content(overrides: Partial<ServerContent>): ServerContent {
  return {
    project_id: 'Welcome1',
    version_id: 'WelcV100',
    title: 'Welcome Sign',
    slug: 'welcome-sign',
    icon_url: null,
    version_number: '1.0.0',
    kind: 'plugin',
    folder: 'plugins',
    file_name: 'welcome-sign-1.0.0.zip',
    enabled: true,
    pinned: false,
    dependency_of: null,
    update_version_id: null,
    update_version_number: null,
    installed: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const welcome = content({ update_version_id: 'WelcV110', update_version_number: '1.1.0' });
const signpost = content({ project_id: 'Signpst1', version_id: 'SignV100', title: 'Signpost', slug: 'signpost-lib', file_name: 'signpost-lib-1.0.0.zip.disabled', enabled: false, dependency_of: 'Welcome1' });

const preview = {
  updates: [
    {
      project_id: 'Welcome1',
      title: 'Welcome Sign',
      from: { version_id: 'WelcV100', version_number: '1.0.0' },
      to: { version_id: 'WelcV110', version_number: '1.1.0' },
      versions_between: [{ id: 'WelcV110', version_number: '1.1.0', date_published: '2026-02-01T10:00:00.000Z', changelog: 'Lights the sign at night.' }],
      versions_between_truncated: false,
      new_dependencies: [{ project_id: 'Lantern1', title: 'Lantern', version_id: 'LantV100', version_number: '1.0.0' }],
    },
  ],
  pinned: [{ project_id: 'Signpst1', title: 'Signpost', version_number: '1.0.0', update_version_number: '1.1.0' }],
};

function servePanel(list: ServerContent[]) {
  signIn();
  server.use(
    http.get('*/v2/servers/Srv00001', () => HttpResponse.json(buildServer())),
    http.get('*/v2/servers/Srv00001/access', () => HttpResponse.json({ error: 'unauthorized', description: 'no' }, { status: 401 })),
    http.get('*/v2/servers/Srv00001/content', () => HttpResponse.json({ loaders: ['flying-squid'], game_version: '1.21.4', content: list })),
  );
}

async function openContentTab() {
  const rendered = renderRoute(createAppRoutes, { path: '/servers/manage/Srv00001' });
  await rendered.user.click(await screen.findByRole('tab', { name: 'Content' }, { timeout: 45_000 }));
  return rendered;
}

describe('/servers/manage/:id Content tab', () => {
  it('lists installed content with versions, files, the Disabled badge and dependencies; filters and searches', async () => {
    servePanel([welcome, signpost]);
    const { user, container } = await openContentTab();
    const list = within(await screen.findByRole('list', { name: 'Installed content' }));
    const rows = list.getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Welcome Sign');
    expect(rows[0]).toHaveTextContent('Version 1.0.0');
    expect(rows[0]).toHaveTextContent('welcome-sign-1.0.0.zip');
    expect(within(rows[0]!).getByRole('button', { name: 'Update Welcome Sign to 1.1.0' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Disabled')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Installed as a dependency of Welcome Sign');
    expect(within(rows[1]!).getByRole('switch', { name: 'Signpost enabled' })).not.toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Disabled' }));
    expect(within(screen.getByRole('list', { name: 'Installed content' })).getAllByRole('listitem').map((r) => r.textContent)).toEqual([expect.stringContaining('Signpost')]);
    await user.type(screen.getByRole('searchbox', { name: 'Search installed content' }), 'welcome');
    expect(screen.getByText('Nothing installed matches your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(within(screen.getByRole('list', { name: 'Installed content' })).getAllByRole('listitem')).toHaveLength(2);
  }, 60_000);

  it('switches content off, updates it and removes it after confirming', async () => {
    servePanel([welcome]);
    const calls: Array<[string, string, unknown]> = [];
    server.use(
      http.patch('*/v2/servers/Srv00001/content/Welcome1', async ({ request }) => {
        calls.push(['PATCH', 'Welcome1', await jsonBody(request)]);
        return HttpResponse.json({ ...welcome, enabled: false, file_name: 'welcome-sign-1.0.0.zip.disabled' });
      }),
      http.post('*/v2/servers/Srv00001/content/Welcome1/update', async ({ request }) => {
        calls.push(['POST', 'update', await jsonBody(request)]);
        return HttpResponse.json({ installed: [{ ...welcome, version_number: '1.1.0', update_version_id: null, update_version_number: null }] });
      }),
      http.delete('*/v2/servers/Srv00001/content/Welcome1', () => {
        calls.push(['DELETE', 'Welcome1', null]);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/v2/servers/Srv00001/content/updates', ({ request }) => {
        calls.push(['GET', 'updates', new URL(request.url).searchParams.get('project_id')]);
        return HttpResponse.json(preview);
      }),
    );
    const { user } = await openContentTab();
    await user.click(await screen.findByRole('switch', { name: 'Welcome Sign enabled' }));
    expect(await screen.findByText('Disabled Welcome Sign')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Welcome Sign to 1.1.0' }));
    const updateDialog = within(await screen.findByRole('dialog', { name: 'Update Welcome Sign' }));
    expect(await updateDialog.findByText('Welcome Sign: 1.0.0 → 1.1.0')).toBeInTheDocument();
    await user.click(updateDialog.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated Welcome Sign')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove Welcome Sign?' }));
    expect(dialog.getByText(/welcome-sign-1.0.0.zip is deleted from the server/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed Welcome Sign')).toBeInTheDocument();
    // The preview was read before the update (and may be read again as the dialog closes).
    expect(calls[1]).toEqual(['GET', 'updates', 'Welcome1']);
    expect(calls.filter(([method]) => method !== 'GET')).toEqual([
      ['PATCH', 'Welcome1', { enabled: false }],
      ['POST', 'update', {}],
      ['DELETE', 'Welcome1', null],
    ]);
  }, 60_000);

  it('pins content, and "Update all" shows the changelogs and new dependencies first and leaves pinned content', async () => {
    const pinnedSignpost = content({ project_id: 'Signpst1', version_id: 'SignV100', title: 'Signpost', slug: 'signpost-lib', file_name: 'signpost-lib-1.0.0.zip', update_version_id: 'SignV110', update_version_number: '1.1.0' });
    servePanel([welcome, pinnedSignpost]);
    const calls: unknown[] = [];
    server.use(
      http.patch('*/v2/servers/Srv00001/content/Signpst1', async ({ request }) => {
        calls.push(await jsonBody(request));
        return HttpResponse.json({ ...pinnedSignpost, pinned: true });
      }),
      http.get('*/v2/servers/Srv00001/content/updates', () => HttpResponse.json(preview)),
      http.post('*/v2/servers/Srv00001/content/update-all', () =>
        HttpResponse.json({ installed: [{ ...welcome, version_number: '1.1.0' }], skipped_pinned: [{ project_id: 'Signpst1', title: 'Signpost', version_number: '1.0.0' }] }),
      ),
    );
    const { user } = await openContentTab();
    await user.click(await screen.findByRole('button', { name: 'Pin Signpost at version 1.0.0' }));
    expect(await screen.findByText('Pinned Signpost at 1.0.0')).toBeInTheDocument();
    expect(calls).toEqual([{ pinned: true }]);

    await user.click(screen.getByRole('button', { name: 'Update all' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Update all content' }));
    expect(await dialog.findByText('Welcome Sign: 1.0.0 → 1.1.0')).toBeInTheDocument();
    expect(dialog.getByText('Also installs what the new version requires: Lantern 1.0.0')).toBeInTheDocument();
    expect(dialog.getByText('Lights the sign at night.')).toBeInTheDocument();
    expect(dialog.getByText('Signpost stays at 1.0.0 (1.1.0 is available)')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update 1 project' }));
    expect(await screen.findByText('Updated 1 project')).toBeInTheDocument();
    expect(screen.getByText('Left pinned: Signpost')).toBeInTheDocument();
  }, 60_000);

  it('searches the catalogue with the server’s loaders and game version and installs with dependencies', async () => {
    servePanel([]);
    const searches: URLSearchParams[] = [];
    let installed: unknown;
    const hit = buildSearchHit(buildProject(), { project_id: 'Welcome1', title: 'Welcome Sign', author: 'Quillstone', description: 'Greets everyone who joins.' });
    server.use(
      http.get('*/v2/search', ({ request }) => {
        searches.push(new URL(request.url).searchParams);
        return HttpResponse.json(buildSearchResults([hit]));
      }),
      http.post('*/v2/servers/Srv00001/content', async ({ request }) => {
        installed = await jsonBody(request);
        return HttpResponse.json({ installed: [welcome, signpost] }, { status: 201 });
      }),
    );
    const { user } = await openContentTab();
    expect(await screen.findByText(/Nothing is installed yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add content' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add content' }));
    await user.click(await dialog.findByRole('button', { name: 'Install Welcome Sign' }));
    expect(await screen.findByText('Installed Welcome Sign')).toBeInTheDocument();
    expect(screen.getByText('Installed with its dependencies: Signpost')).toBeInTheDocument();
    expect(installed).toEqual({ project_id: 'Welcome1' });
    expect(JSON.parse(searches[0]!.get('facets')!)).toEqual([['categories:flying-squid'], ['versions:1.21.4']]);
    await user.type(dialog.getByRole('searchbox', { name: /Search the catalogue/ }), 'sign');
    await waitFor(() => expect(searches.at(-1)!.get('query')).toBe('sign'));
  }, 60_000);
});
