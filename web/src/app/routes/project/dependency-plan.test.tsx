import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DependencyPlan } from '@cairn/shared/schemas/dependency-plan';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildProject, buildTeamMember, buildVersion } from '../../../testing/mocks/catalogue';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

afterEach(() => {
  window.location.hash = '';
});

const planProject = (id: string, slug: string, title: string) => ({ id, slug, title, project_type: 'mod' });

/** A plan answer; the test fills in what it needs. */
function buildPlan(overrides: Partial<DependencyPlan>): DependencyPlan {
  return {
    target: { loader: 'fabric', game_version: '1.21', version_types: ['release', 'beta', 'alpha'] },
    inputs: [],
    dependencies: [],
    optional: [],
    incompatibilities: [],
    conflicts: [],
    unresolved: [],
    projects: {},
    versions: {},
    ...overrides,
  };
}

/** Serves `plan` and records the bodies sent. */
function servePlan(plan: DependencyPlan) {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/v2/dependency_plan', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(plan);
    }),
  );
  return bodies;
}

describe('the download modal', () => {
  it('lists the required dependencies the plan installs and those missing for the choice', async () => {
    const bodies = servePlan(
      buildPlan({
        inputs: [{ kind: 'project', status: 'resolved', project_id: 'PrOj0001', version_id: 'VeRs0002', newest_game_version: null }],
        dependencies: [
          { project_id: 'LiB00001', version_id: 'LiBv0001', required_by: ['VeRs0002'] },
          { project_id: 'LiB00002', version_id: 'LiBv0002', required_by: ['LiBv0001'] },
        ],
        unresolved: [{ project_id: 'LiB00003', version_id: null, required_by: ['VeRs0002'], reason: 'no_version_for_target', newest_game_version: '1.20.4' }],
        projects: {
          PrOj0001: planProject('PrOj0001', 'lanternlight', 'Lanternlight'),
          LiB00001: planProject('LiB00001', 'wrenlib', 'Wrenlib'),
          LiB00002: planProject('LiB00002', 'moss-core', 'Moss Core'),
          LiB00003: planProject('LiB00003', 'old-hooks', 'Old Hooks'),
        },
        versions: {
          LiBv0001: buildVersion({ id: 'LiBv0001', project_id: 'LiB00001', version_number: '3.2.0' }),
          LiBv0002: buildVersion({ id: 'LiBv0002', project_id: 'LiB00002', version_number: '0.9.1' }),
        },
      }),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight?version=1.21&loader=fabric#download' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Download Lanternlight' }));
    const section = within(await dialog.findByRole('region', { name: 'Required dependencies' }));
    expect(section.getByRole('heading', { name: 'Also installs 2 required dependencies' })).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Wrenlib' })).toHaveAttribute('href', '/mod/wrenlib');
    expect(section.getByRole('link', { name: 'Moss Core' })).toHaveAttribute('href', '/mod/moss-core');
    expect(section.getByText('3.2.0')).toBeInTheDocument();
    expect(section.getByRole('alert')).toHaveTextContent('Old Hooks is required but has no version for 1.21 on Fabric.');
    expect(bodies).toEqual([{ projects: ['PrOj0001'], loader: 'fabric', game_version: '1.21' }]);
    await expectNoAxeViolations(container);
  });

  it('says nothing more when the project needs no dependency', async () => {
    const bodies = servePlan(
      buildPlan({
        inputs: [{ kind: 'project', status: 'resolved', project_id: 'PrOj0001', version_id: 'VeRs0002', newest_game_version: null }],
        projects: { PrOj0001: planProject('PrOj0001', 'lanternlight', 'Lanternlight') },
      }),
    );
    renderRoute(createAppRoutes, { path: '/mod/lanternlight?version=1.21&loader=fabric#download' });
    const dialog = within(await screen.findByRole('dialog', { name: 'Download Lanternlight' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    await vi.waitFor(() => expect(dialog.queryByText('Checking required dependencies…')).not.toBeInTheDocument());
    expect(dialog.getByText('1.1.0')).toBeInTheDocument();
    expect(dialog.queryByRole('region', { name: 'Required dependencies' })).not.toBeInTheDocument();
  });
});

describe('a modpack page', () => {
  const pack = buildProject({ id: 'PaCk0001', slug: 'starlit', title: 'Starlit', project_type: 'modpack', loaders: ['fabric'], versions: ['PaCv0001'], game_versions: ['1.20.4'] });
  const packVersion = (gameVersions: string[]) =>
    buildVersion({
      id: 'PaCv0001',
      project_id: pack.id,
      version_number: '2.0.0',
      loaders: ['fabric'],
      game_versions: gameVersions,
      dependencies: [
        { project_id: 'MoD00001', version_id: 'MoDv0001', file_name: null, dependency_type: 'embedded' },
        { project_id: 'MoD00002', version_id: 'MoDv0002', file_name: null, dependency_type: 'embedded' },
        { project_id: 'MoD00003', version_id: null, file_name: null, dependency_type: 'embedded' },
        { project_id: null, version_id: null, file_name: 'config.zip', dependency_type: 'embedded' },
      ],
    });
  const servePack = (gameVersions: string[]) =>
    server.use(
      http.get('*/v2/project/:id', () => HttpResponse.json(pack)),
      http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember()])),
      http.get('*/v2/project/:id/version', () => HttpResponse.json([packVersion(gameVersions)])),
    );

  it("asks the plan for the pack's mods on the newest game version and lists which are ready and which are missing", async () => {
    servePack(['1.20.4']);
    const bodies = servePlan(
      buildPlan({
        inputs: [
          { kind: 'project', status: 'resolved', project_id: 'MoD00001', version_id: 'MoDv0009', newest_game_version: null },
          { kind: 'project', status: 'missing', project_id: 'MoD00002', version_id: null, newest_game_version: '1.20.4' },
          { kind: 'project', status: 'missing', project_id: 'MoD00003', version_id: null, newest_game_version: null },
        ],
        projects: {
          MoD00001: planProject('MoD00001', 'lanternlight', 'Lanternlight'),
          MoD00002: planProject('MoD00002', 'drifting-isles', 'Drifting Isles'),
          MoD00003: planProject('MoD00003', 'trailmarkers', 'Trailmarkers'),
        },
        versions: { MoDv0009: buildVersion({ id: 'MoDv0009', project_id: 'MoD00001', version_number: '1.4.0' }) },
      }),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/modpack/starlit' });
    const section = within(await screen.findByRole('region', { name: 'Ready for a newer game version?' }));
    expect(await section.findByText('1 mod of 3 in this pack has a version for 1.21.')).toBeInTheDocument();
    expect(bodies).toEqual([{ projects: ['MoD00001', 'MoD00002', 'MoD00003'], loader: 'fabric', game_version: '1.21' }]);
    const missing = within(section.getByRole('heading', { name: 'Missing for 1.21' }).nextElementSibling as HTMLElement);
    expect(missing.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Drifting Isles newest: 1.20.4', 'Trailmarkers no version for Fabric']);
    const ready = within(section.getByRole('heading', { name: 'Available for 1.21' }).nextElementSibling as HTMLElement);
    expect(ready.getByRole('link', { name: 'Lanternlight' })).toHaveAttribute('href', '/mod/lanternlight');
    expect(ready.getByRole('listitem')).toHaveTextContent('Lanternlight 1.4.0');
    await expectNoAxeViolations(container);
  });

  it('shows nothing when the pack is on the newest game version already', async () => {
    servePack(['1.21']);
    const bodies = servePlan(buildPlan({}));
    renderRoute(createAppRoutes, { path: '/modpack/starlit' });
    await screen.findByRole('region', { name: 'Description' });
    expect(screen.queryByRole('region', { name: 'Ready for a newer game version?' })).not.toBeInTheDocument();
    expect(bodies).toEqual([]);
  });
});
