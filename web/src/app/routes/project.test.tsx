import { act, cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildUser } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

afterEach(() => {
  window.location.hash = '';
});

/** What Escape does to a native dialog (jsdom does not): the app closes it on `cancel`. */
function pressEscape(dialog: HTMLElement) {
  act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
}

describe('project page', () => {
  it('replaces a wrong type or an id with the canonical URL', async () => {
    const byId = renderRoute(createAppRoutes, { path: '/project/PrOj0001/versions?c=beta' });
    await screen.findByRole('heading', { level: 1, name: 'Lanternlight' });
    expect(byId.router.state.location.pathname).toBe('/mod/lanternlight/versions');
    expect(byId.router.state.location.search).toBe('?c=beta');
    byId.unmount();

    const wrongType = renderRoute(createAppRoutes, { path: '/shader/LanternLight' });
    await screen.findByRole('heading', { level: 1, name: 'Lanternlight' });
    expect(wrongType.router.state.location.pathname).toBe('/mod/lanternlight');
    wrongType.unmount();

    server.use(http.get('*/v2/project/:id', () => HttpResponse.json(buildProject({ slug: 'market', loaders: ['paper', 'fabric'] }))));
    const plugin = renderRoute(createAppRoutes, { path: '/mod/market' });
    await screen.findByRole('heading', { level: 1, name: 'Lanternlight' });
    expect(plugin.router.state.location.pathname).toBe('/plugin/market');
  });

  it('shows the header, the description and the sidebar', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const header = within((await screen.findByRole('heading', { level: 1, name: 'Lanternlight' })).closest('header')!);
    expect(header.getByText('Hanging lanterns and glowing moss that light caves.')).toBeInTheDocument();
    expect(header.getByText('123.4K')).toBeInTheDocument();
    expect(header.getByRole('link', { name: /Decoration/ })).toHaveAttribute('href', '/mods?f=categories%3Adecoration');
    expect(header.getByRole('link', { name: 'Download' })).toHaveAttribute('href', '/mod/lanternlight#download');
    // Visitors following are sent to sign in, and come back afterwards.
    expect(await header.findByRole('link', { name: 'Follow' })).toHaveAttribute('href', '/auth/sign-in?redirect=%2Fmod%2Flanternlight');

    // The description tab (markdown, rendered and sanitised).
    const description = within(screen.getByRole('region', { name: 'Description' }));
    expect(await description.findByRole('heading', { level: 2, name: 'About' })).toBeInTheDocument();
    expect(description.getByText('everywhere').tagName).toBe('STRONG');

    expect(screen.getByRole('heading', { level: 3, name: 'Game versions' }).nextElementSibling).toHaveTextContent('1.20.4–1.21, 1.20.1');
    expect(screen.getByRole('link', { name: 'Fabric' })).toHaveAttribute('href', '/mods?g=categories%3Afabric');
    expect(screen.getByText('Client, server optional')).toBeInTheDocument();
    for (const name of [/Report issues/, /Donate on Ko-fi/]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('rel', 'noopener nofollow ugc');
    }
    expect(screen.getByRole('link', { name: 'Tinkerwren' })).toHaveAttribute('href', '/user/Tinkerwren');
    expect(screen.getByRole('img', { name: 'Project owner' })).toBeInTheDocument();
    expect(screen.queryByText('Project ID')).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Project sections' })).toHaveTextContent('DescriptionGalleryChangelogVersions');
    await vi.waitFor(() => expect(document.title).toBe('Lanternlight – Mod – Cairn'));
    await expectNoAxeViolations(container);
  });

  it('lets a signed-in user follow and unfollow, counting along', async () => {
    let follows = 0;
    server.use(
      http.get('*/v2/session/user', () => HttpResponse.json({ user: buildUser() })),
      http.get('*/v2/user/:id/follows', () => HttpResponse.json(follows > 0 ? [buildProject()] : [])),
      http.post('*/v2/project/:id/follow', () => {
        follows++;
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/v2/project/:id/follow', () => {
        follows--;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const follow = await screen.findByRole('button', { name: 'Follow' });
    await vi.waitFor(() => expect(follow).toBeEnabled());
    await user.click(follow);
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    expect(screen.getByText('790')).toBeInTheDocument();
    expect(follows).toBe(1);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Unfollow' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(follows).toBe(0);
  });

  it('narrows a follow with "Only notify me for…" to the project\'s loaders and game versions, and changes it later', async () => {
    let following = false;
    let filter: { loaders: string[]; game_versions: string[] } = { loaders: [], game_versions: [] };
    const sent: unknown[] = [];
    const follow = () => HttpResponse.json({ project_id: buildProject().id, ...filter, followed: '2026-01-02T03:04:05.000Z' });
    server.use(
      http.get('*/v2/session/user', () => HttpResponse.json({ user: buildUser() })),
      http.get('*/v2/user/:id/follows', () => HttpResponse.json(following ? [buildProject()] : [])),
      http.post('*/v2/project/:id/follow', async ({ request }) => {
        const body = (await request.json()) as typeof filter;
        sent.push(body);
        filter = body;
        following = true;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/v2/project/:id/follow', () => (following ? follow() : HttpResponse.json({ error: 'not_found', description: 'Not following' }, { status: 404 }))),
      http.patch('*/v2/project/:id/follow', async ({ request }) => {
        const body = (await request.json()) as typeof filter;
        sent.push(body);
        filter = { ...filter, ...body };
        return follow();
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    // The first render of a file imports the whole page: slow on a loaded machine.
    const narrow = await screen.findByRole('button', { name: 'Only notify me for…' }, { timeout: 15_000 });
    await vi.waitFor(() => expect(narrow).toBeEnabled());
    await user.click(narrow);
    const dialog = await screen.findByRole('dialog', { name: 'Notifications for Lanternlight' });
    // The project's own loaders and game versions, nothing ticked: every version.
    expect(within(dialog).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label') ?? box.closest('div')?.textContent)).toEqual(['Fabric', 'Quilt', '1.21', '1.20.4', '1.20.1']);
    expect(within(dialog).getByRole('checkbox', { name: 'Fabric' })).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(dialog).getByRole('checkbox', { name: '1.21' }));
    await expectNoAxeViolations(dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ loaders: ['fabric'], game_versions: ['1.21'] }]);

    // Opened again, it shows the saved filter and changes it.
    await user.click(screen.getByRole('button', { name: 'Only notify me for…' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications for Lanternlight' });
    expect(within(again).getByRole('checkbox', { name: 'Fabric' })).toBeChecked();
    expect(within(again).getByRole('checkbox', { name: '1.21' })).toBeChecked();
    await user.click(within(again).getByRole('checkbox', { name: 'Fabric' }));
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.at(-1)).toEqual({ loaders: [], game_versions: ['1.21'] });
  });

  it('shows the license text in a modal, and says when it cannot', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    await user.click(await screen.findByRole('button', { name: 'Licensed MPL-2.0' }));
    const dialogElement = await screen.findByRole('dialog', { name: 'License MPL-2.0' });
    expect(await within(dialogElement).findByText('Permission is granted…')).toBeInTheDocument();
    pressEscape(dialogElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Licensed MPL-2.0' })).toHaveFocus();

    server.use(http.get('*/v2/tag/license/:id', () => HttpResponse.json({ error: 'invalid_input', description: 'Unknown license' }, { status: 400 })));
    server.use(http.get('*/v2/project/:id', () => HttpResponse.json(buildProject({ license: { id: 'LicenseRef-Custom-Thing', name: 'Custom', url: null } }))));
    const other = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    await other.user.click((await screen.findAllByRole('button', { name: 'Licensed Custom Thing' })).at(-1)!);
    expect(await screen.findByText('License text could not be retrieved.')).toBeInTheDocument();
  });

  it('reveals the project id in developer mode', async () => {
    document.cookie = `cairn-feature-flags=${encodeURIComponent(JSON.stringify({ developerMode: true }))}; Path=/`;
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    expect(await screen.findByText('PrOj0001')).toBeInTheDocument();
  });

  it('shows the raw project under the page with the advancedDebugInfo flag only', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    await screen.findAllByRole('heading', { level: 1 });
    expect(screen.queryByText(/Debug information/)).not.toBeInTheDocument();
    cleanup();
    document.cookie = `cairn-feature-flags=${encodeURIComponent(JSON.stringify({ advancedDebugInfo: true }))}; Path=/`;
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    expect(await screen.findByText('Debug information: the project as the API returns it')).toBeInTheDocument();
    expect(container.querySelector('details pre')?.textContent).toContain('"id": "PrOj0001"');
  });

  it('opens the gallery lightbox and steps through it from the keyboard', async () => {
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/gallery' });
    await user.click(await screen.findByRole('button', { name: 'View Cave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cave' });
    expect(within(dialog).getByRole('img', { name: 'A lit cave' })).toHaveAttribute('src', 'https://cdn.example.test/g1.png');
    expect(within(dialog).getByRole('link', { name: /Open original/ })).toHaveAttribute('href', 'https://cdn.example.test/g1.png');

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Moss' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('dialog', { name: 'Cave' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('dialog', { name: 'Moss' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    pressEscape(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Cave' })).toHaveFocus();
  });

  it('filters versions with chips, in the URL, and links each to its page', async () => {
    const { user, router } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/versions' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('link', { name: '1.1.0' })).toHaveAttribute('href', '/mod/lanternlight/version/1.1.0');

    await user.click(within(table).getAllByRole('button', { name: 'Show only Beta versions' })[0]!);
    await vi.waitFor(() => expect(router.state.location.search).toBe('?c=beta'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    // The links follow the router's location, which the page renders a moment after the router has it.
    await vi.waitFor(() => expect(within(screen.getByRole('table')).getByRole('link', { name: '1.1.0' })).toHaveAttribute('href', '/mod/lanternlight/version/1.1.0?back=c%3Dbeta'));

    await user.click(screen.getByRole('button', { name: /Platform/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Quilt' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?l=quilt&c=beta'));
    expect(screen.getByRole('button', { name: 'Clear all filters' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter Beta' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?l=quilt'));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
  });

  it('shows a version page with its changelog, files, hashes and metadata', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/1.1.0?back=c%3Dbeta' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lantern season' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to versions/ })).toHaveAttribute('href', '/mod/lanternlight/versions?c=beta');
    expect(await screen.findByRole('heading', { name: 'Changes' })).toBeInTheDocument();
    const files = within(screen.getByRole('heading', { level: 3, name: 'Files' }).closest('section')!);
    expect(files.getByText('2.00 KiB')).toBeInTheDocument();
    expect(files.getByText('Primary')).toBeInTheDocument();
    expect(files.getByRole('button', { name: 'Copy SHA512 hash' })).toBeInTheDocument();
    const metadata = within(screen.getByRole('heading', { level: 3, name: 'Metadata' }).closest('section')!);
    expect(metadata.getByText('Beta')).toBeInTheDocument();
    expect(metadata.getByText('1.20.4–1.21')).toBeInTheDocument();
    expect(metadata.getByText('VeRs0002')).toBeInTheDocument();
    expect(metadata.getByRole('link', { name: 'Tinkerwren' })).toHaveAttribute('href', '/user/Tinkerwren');
    // The Versions tab stays highlighted on a version page, and the header's Download is neutral.
    expect(screen.getByRole('link', { name: 'Versions' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getAllByRole('link', { name: 'Download' })[0]).toHaveAttribute('data-color', 'standard');
    await expectNoAxeViolations(container);
  });

  it('finds versions by id and by `latest`, and says when one is missing', async () => {
    const byId = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/VeRs0001' });
    expect(await screen.findByRole('heading', { level: 2, name: 'First light' })).toBeInTheDocument();
    byId.unmount();

    const latest = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/latest?loader=fabric&version=1.20.1' });
    expect(await screen.findByRole('heading', { level: 2, name: 'First light' })).toBeInTheDocument();
    latest.unmount();

    const missing = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/9.9.9' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Version not found' })).toBeInTheDocument();
    missing.unmount();

    renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/latest?loader=forge' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Version not found' })).toBeInTheDocument();
  });

  it('shows the changelog timeline with the changelogs of the page', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/changelog' });
    const items = await screen.findAllByRole('listitem');
    expect(await screen.findByText('More moss')).toBeInTheDocument();
    expect(screen.getByText('Initial release.')).toBeInTheDocument();
    expect(items.length).toBeGreaterThan(1);
    expect(screen.getByRole('link', { name: 'Lantern season' })).toHaveAttribute('href', '/mod/lanternlight/version/1.1.0');
  });

  it('opens the download modal from #download with ?version= and ?loader= preselected', async () => {
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight?version=1.21&loader=fabric#download' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Download Lanternlight' }));
    expect(dialog.getByRole('button', { name: 'Game version: 1.21' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Platform: Fabric' })).toBeInTheDocument();
    expect(dialog.getByText('1.1.0')).toBeInTheDocument();
    // The site's download links send its origin as Referer, which the API counts as the download source "website".
    expect(dialog.getByRole('link', { name: 'Download lanternlight-1.0.0.jar (2.00 KiB)' })).toHaveAttribute('referrerpolicy', 'origin');
    await expectNoAxeViolations(container);

    // Choosing 1.20.1 marks Quilt, which has no version for it, as incompatible.
    await user.click(dialog.getByRole('button', { name: 'Game version: 1.21' }));
    await user.click(dialog.getByRole('radio', { name: '1.20.1' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?version=1.20.1&loader=fabric'));
    expect(dialog.getByText('1.0.0')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Platform: Fabric' }));
    expect(dialog.getByRole('radio', { name: /Quilt \(Lanternlight does not support 1\.20\.1 for Quilt\)/ })).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: /Quilt/ }));
    expect(dialog.getByText('No versions available for 1.20.1 and Quilt.')).toBeInTheDocument();

    pressEscape(screen.getByRole('dialog'));
    await vi.waitFor(() => expect(router.state.location.hash).toBe(''));
    // The dialog leaves once the page has re-rendered without the hash: wait for that, not a clock.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
  });

  it('opens the download modal from the Download button', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/mod/satchel' });
    await user.click(await screen.findByRole('link', { name: 'Download' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Download Satchel' }));
    // One game version and one platform: nothing to choose, the version is offered at once.
    expect(dialog.getByRole('button', { name: 'Game version: 1.20.1' })).toBeDisabled();
    expect(dialog.getByText('2.0.0')).toBeInTheDocument();
  });

  it('shows "Project not found" for a project that does not exist', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/datapack/no-such-thing' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    await act(async () => {});
    await expectNoAxeViolations(container);
  });
});
