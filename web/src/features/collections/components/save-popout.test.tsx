import type { Collection } from '@cairn/shared/schemas/collections';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildProject } from '../../../testing/mocks/catalogue';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';

const PROJECT_ID = buildProject().id;

function collection(overrides: Partial<Collection>): Collection {
  return {
    id: 'CoLl0001',
    user: 'UsEr0001',
    name: 'Cave builds',
    description: null,
    icon_url: null,
    color: null,
    status: 'listed',
    created: '2026-01-01T00:00:00Z',
    updated: '2026-01-01T00:00:00Z',
    projects: [],
    ...overrides,
  };
}

/** Serves the signed-in user's collections; PATCH and POST change them like the API would. */
function serveCollections(initial: Collection[]) {
  let list = initial;
  const patches: Array<{ id: string; body: Record<string, unknown> }> = [];
  const created: Array<Record<string, unknown>> = [];
  server.use(
    http.get('*/v2/user/:id/follows', () => HttpResponse.json([])),
    http.get('*/v2/user/:id/collections', () => HttpResponse.json(list)),
    http.patch('*/v2/collection/:id', async ({ params, request }) => {
      const body = await jsonBody(request);
      patches.push({ id: String(params.id), body });
      list = list.map((c) => (c.id === params.id ? { ...c, projects: body.new_projects as string[] } : c));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/v2/collection', async ({ request }) => {
      const body = await jsonBody(request);
      created.push(body);
      const made = collection({ id: 'CoLl0009', name: String(body.name), projects: body.projects as string[] });
      list = [...list, made];
      return HttpResponse.json(made);
    }),
  );
  return { patches, created };
}

async function openSave() {
  const rendered = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
  const trigger = await screen.findByRole('button', { name: 'Save' }, { timeout: 15_000 });
  await rendered.user.click(trigger);
  const panel = await screen.findByRole('dialog', { name: 'Save to a collection' });
  return { ...rendered, panel: within(panel), panelElement: panel };
}

describe('Save popout on the project header', () => {
  it('ticks the collections holding the project and toggles membership with new_projects', async () => {
    signIn();
    const { patches } = serveCollections([
      collection({ id: 'CoLl0001', name: 'Cave builds', projects: [PROJECT_ID] }),
      collection({ id: 'CoLl0002', name: 'Lighting', projects: ['OtHeR001'] }),
    ]);
    const { user, panel, panelElement } = await openSave();
    const cave = await panel.findByRole('checkbox', { name: 'Cave builds' });
    const lighting = panel.getByRole('checkbox', { name: 'Lighting' });
    expect(cave).toBeChecked();
    expect(lighting).not.toBeChecked();
    await expectNoAxeViolations(panelElement);

    await user.click(lighting);
    await vi.waitFor(() => expect(patches).toEqual([{ id: 'CoLl0002', body: { new_projects: ['OtHeR001', PROJECT_ID] } }]));
    await vi.waitFor(() => expect(panel.getByRole('checkbox', { name: 'Lighting' })).toBeChecked());
    expect(await screen.findByText('Added to Lighting')).toBeInTheDocument();

    await vi.waitFor(() => expect(panel.getByRole('checkbox', { name: 'Cave builds' })).toBeEnabled());
    await user.click(panel.getByRole('checkbox', { name: 'Cave builds' }));
    await vi.waitFor(() => expect(patches[1]).toEqual({ id: 'CoLl0001', body: { new_projects: [] } }));

    // The search narrows the list, and says when nothing matches.
    await user.type(panel.getByRole('searchbox', { name: 'Search collections...' }), 'light');
    expect(panel.queryByRole('checkbox', { name: 'Cave builds' })).not.toBeInTheDocument();
    expect(panel.getByRole('checkbox', { name: 'Lighting' })).toBeInTheDocument();
    await user.type(panel.getByRole('searchbox', { name: 'Search collections...' }), 'zzz');
    expect(panel.getByText('No collections found.')).toBeInTheDocument();
  });

  it('creates a new collection holding the project', async () => {
    signIn();
    const { created } = serveCollections([]);
    const { user, panel } = await openSave();
    expect(await panel.findByText('No collections found.')).toBeInTheDocument();
    await user.click(panel.getByRole('button', { name: 'Create new collection' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create a collection' }, { timeout: 15_000 }));
    await user.click(dialog.getByRole('button', { name: 'Create collection' }));
    expect(await dialog.findByText('Enter a name of 3 to 64 characters.')).toBeInTheDocument();
    expect(created).toEqual([]);
    await user.type(dialog.getByLabelText('Name'), 'Glow');
    await user.click(dialog.getByRole('button', { name: 'Create collection' }));
    await vi.waitFor(() => expect(created).toEqual([{ name: 'Glow', projects: [PROJECT_ID] }]));
    expect(await screen.findByText('Collection created')).toBeInTheDocument();
  });

  it('sends visitors to sign in', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    expect(await screen.findByRole('link', { name: 'Save' }, { timeout: 15_000 })).toHaveAttribute('href', '/auth/sign-in?redirect=%2Fmod%2Flanternlight');
  });
});
