import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildUser } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

describe('the Following list', () => {
  it("shows what each follow notifies about and edits a follow's filter", async () => {
    const project = buildProject();
    let filter = { loaders: ['fabric'], game_versions: [] as string[] };
    const sent: unknown[] = [];
    const follow = () => ({ project_id: project.id, ...filter, followed: '2026-01-02T03:04:05.000Z' });
    server.use(
      http.get('*/v2/session/user', () => HttpResponse.json({ user: buildUser() })),
      http.get('*/v2/user/:id/follows', () => HttpResponse.json([project])),
      http.get('*/v2/user/:id/follow_filters', () => HttpResponse.json([follow()])),
      http.patch('*/v2/project/:id/follow', async ({ request }) => {
        const body = (await request.json()) as typeof filter;
        sent.push(body);
        filter = { ...filter, ...body };
        return HttpResponse.json(follow());
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/collection/following' });
    // The first render of a file imports the whole page: slow on a loaded machine.
    expect(await screen.findByText('Only notifies you for Fabric', undefined, { timeout: 15_000 })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: `Edit notification filter: ${project.title}` }));
    const dialog = await screen.findByRole('dialog', { name: `Notifications for ${project.title}` });
    expect(within(dialog).getByRole('checkbox', { name: 'Fabric' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '1.21' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ loaders: ['fabric'], game_versions: ['1.21'] }]);
    expect(await screen.findByText('Only notifies you for Fabric · 1.21')).toBeInTheDocument();
  });
});
