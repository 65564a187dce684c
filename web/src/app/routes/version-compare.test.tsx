import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { VersionDiff } from '@cairn/shared/schemas/version-diffs';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const file = (filename: string, sha1: string, primary = false) => ({ filename, hashes: { sha1, sha512: `${sha1}-512` }, size: 2048, primary, file_type: null });
const between = (n: number) => ({
  id: `VeRsB00${n}`,
  name: '',
  version_number: `1.0.${n}`,
  version_type: 'release' as const,
  date_published: `2026-01-0${n}T10:00:00.000Z`,
  changelog: `Changelog number ${n}`,
});

/** The answer for lanternlight 1.0.0 → 1.1.0: asked in the newer-first order, so swapped. */
function buildDiff(overrides: Partial<VersionDiff> = {}): VersionDiff {
  return {
    project_id: 'PrOj0001',
    from: { id: 'VeRs0001', name: 'First light', version_number: '1.0.0', version_type: 'release', date_published: '2026-01-01T10:00:00.000Z' },
    to: { id: 'VeRs0002', name: 'Lantern season', version_number: '1.1.0', version_type: 'beta', date_published: '2026-02-01T10:00:00.000Z' },
    swapped: true,
    versions_between: [between(1), between(2), between(3), between(4)],
    versions_between_truncated: false,
    game_versions: { added: ['1.20.4', '1.21'], removed: ['1.20.1'] },
    loaders: { added: ['quilt'], removed: [] },
    files: {
      added: [file('lanternlight-sources.jar', 'aaaa1111')],
      removed: [],
      changed: [{ from: file('lanternlight.jar', 'bbbb2222', true), to: file('lanternlight.jar', 'cccc3333', true) }],
    },
    dependencies: {
      added: [{ project_id: 'PrOj0002', project_slug: 'satchel', project_title: 'Satchel', version_id: null, version_number: null, file_name: null, dependency_type: 'required' }],
      removed: [],
      changed: [],
    },
    modpack: null,
    ...overrides,
  };
}

describe('comparing two versions', () => {
  it('offers the other versions on the version page and opens the comparison', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/v2/project/:id/compare', ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.searchParams.get('from')}→${url.searchParams.get('to')}`);
        return HttpResponse.json(buildDiff());
      }),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/1.1.0' });
    await screen.findByRole('heading', { level: 2, name: 'Lantern season' });
    const select = screen.getByRole('combobox', { name: 'Compare with…' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a version', '1.0.0 – First light']);
    expect(screen.getByRole('button', { name: 'Compare' })).toBeDisabled();
    await user.selectOptions(select, 'VeRs0001');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mod/lanternlight/version/1.1.0/compare/1.0.0'));
    expect(asked).toEqual(['VeRs0002→VeRs0001']);

    expect(await screen.findByRole('heading', { level: 2, name: 'Changes from 1.0.0 to 1.1.0' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('1.0.0 is the older version, so the changes are shown from it to 1.1.0.');
    expect(screen.getByRole('link', { name: /Back to Lantern season/ })).toHaveAttribute('href', '/mod/lanternlight/version/1.1.0');

    const summary = within(screen.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('4 versions in between')).toBeInTheDocument();
    expect(summary.getByText('Files: 1 added, 0 removed, 1 changed')).toBeInTheDocument();

    const gameVersions = within(screen.getByRole('region', { name: 'Game versions' }));
    expect(gameVersions.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Added1.20.4', 'Added1.21', 'Removed1.20.1']);
    expect(within(screen.getByRole('region', { name: 'Loaders' })).getByRole('listitem')).toHaveTextContent('Addedquilt');
    const files = within(screen.getByRole('region', { name: 'Files' }));
    expect(files.getByText('lanternlight-sources.jar').closest('li')).toHaveTextContent('Added');
    expect(files.getByText('lanternlight.jar').closest('li')).toHaveTextContent(/Changed.*Primary.*bbbb2222 → cccc3333/);
    const dependencies = within(screen.getByRole('region', { name: 'Dependencies' }));
    expect(dependencies.getByRole('link', { name: 'Satchel' })).toHaveAttribute('href', '/project/PrOj0002');
    expect(dependencies.getByRole('listitem')).toHaveTextContent('Required');
    expect(screen.queryByRole('region', { name: 'Mods' })).not.toBeInTheDocument();

    // Newest first; the fourth changelog waits behind a button.
    const changelogs = within(screen.getByRole('region', { name: 'Changelogs in between' }));
    expect(changelogs.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual(['1.0.4', '1.0.3', '1.0.2']);
    expect(await changelogs.findByText('Changelog number 4')).toBeInTheDocument();
    const more = changelogs.getByRole('button', { name: 'Show 1 more changelog' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(changelogs.getAllByRole('heading', { level: 4 })).toHaveLength(4);
    expect(changelogs.getByRole('button', { name: 'Show fewer changelogs' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(container);
  });

  it('shows the mods of a modpack with old and new versions and their changelogs', async () => {
    const mod = { project_slug: null, project_title: null, version_id: null, version_number: null };
    server.use(
      http.get('*/v2/project/:id/compare', () =>
        HttpResponse.json(
          buildDiff({
            swapped: false,
            modpack: {
              added: [{ ...mod, project_id: 'MoDc0001', project_slug: 'gamma', project_title: 'Gamma', version_id: 'GaMm0001', version_number: 'c-1', file_name: null }],
              removed: [{ ...mod, project_id: null, file_name: 'custom.jar' }],
              updated: [
                {
                  project_id: 'MoDa0001',
                  project_slug: 'alpha',
                  project_title: 'Alpha',
                  from: { version_id: 'AlPh0001', version_number: 'a-1' },
                  to: { version_id: 'AlPh0003', version_number: 'a-3' },
                  changelogs: [
                    { id: 'AlPh0002', version_number: 'a-2', date_published: '2026-01-02T00:00:00.000Z', changelog: 'Alpha two' },
                    { id: 'AlPh0003', version_number: 'a-3', date_published: '2026-01-03T00:00:00.000Z', changelog: 'Alpha three' },
                  ],
                  changelogs_truncated: true,
                },
              ],
            },
          }),
        ),
      ),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/1.0.0/compare/1.1.0' });
    const table = within(await screen.findByRole('table'));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Summary' })).getByText('Mods: 1 added, 1 removed, 1 updated')).toBeInTheDocument();
    const rows = table.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Updated', 'a-1 → a-3'],
      ['Added', 'c-1'],
      ['Removed', ''],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Gamma' })).toHaveAttribute('href', '/project/MoDc0001');
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('custom.jar');
    const disclosure = within(rows[0]!).getByText('2 changelogs of Alpha');
    expect(disclosure.closest('details')).not.toHaveAttribute('open');
    await user.click(disclosure);
    expect(disclosure.closest('details')).toHaveAttribute('open');
    expect(within(rows[0]!).getByText('Only the newest 2 changelogs are shown.')).toBeInTheDocument();
    expect(await within(rows[0]!).findByText('Alpha three')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows the not-found page when the API refuses the pair', async () => {
    server.use(http.get('*/v2/project/:id/compare', () => HttpResponse.json({ error: 'not_found', description: "Invalid query 'to': no such version" }, { status: 404 })));
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/version/1.0.0/compare/VeRs9999' });
    expect(await screen.findByRole('heading', { name: 'Version not found' })).toBeInTheDocument();
  });
});
