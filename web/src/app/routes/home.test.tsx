import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildErrorBody, buildLoaderTag } from '../../testing/mocks/factories';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

describe('home page', () => {
  it('explains Cairn and lists loaders grouped by project type, from the API', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: /discover, download and publish/i })).toBeInTheDocument();
    expect(screen.getByText(/Cairn is an open platform/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cairn home' })).toHaveAttribute('href', '/');

    const groupTitles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(groupTitles).toEqual(['Mods', 'Plugins', 'Shaders', 'Resource Packs', 'Data Packs', 'Modpacks']);

    const mods = within(screen.getByRole('region', { name: 'Mods' }));
    expect(mods.getByText('Fabric')).toBeInTheDocument();
    expect(mods.getByText('NeoForge')).toBeInTheDocument();
    expect(mods.queryByText('Paper')).not.toBeInTheDocument();

    const plugins = within(screen.getByRole('region', { name: 'Plugins' }));
    expect(plugins.getByText('Paper')).toBeInTheDocument();
    expect(plugins.getByText('Velocity')).toBeInTheDocument();

    const shaders = within(screen.getByRole('region', { name: 'Shaders' }));
    expect(shaders.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Canvas',
      'Iris',
      'OptiFine',
      'Vanilla Shader',
    ]);
    // Each loader carries its (decorative) icon.
    expect(shaders.getAllByRole('listitem')[0]?.querySelector('span[aria-hidden="true"] > svg')).not.toBeNull();

    await expectNoAxeViolations(container);
  });

  it('renders only what the API sends and strips unsafe icon markup', async () => {
    server.use(
      http.get('*/v2/tag/loader', () =>
        HttpResponse.json([
          buildLoaderTag({
            name: 'iris',
            supported_project_types: ['shader', 'project'],
            icon: '<svg xmlns="http://www.w3.org/2000/svg"><script>window.pwned = true</script><path d="M0 0"/></svg>',
          }),
        ]),
      ),
    );
    renderRoute(createAppRoutes, { path: '/' });

    const shaders = await screen.findByRole('region', { name: 'Shaders' });
    expect(within(shaders).getByText('Iris')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Mods' })).not.toBeInTheDocument();
    expect(shaders.querySelector('svg path')).not.toBeNull();
    expect(shaders.querySelector('script')).toBeNull();
  });

  it('shows an accessible error with the status and API description on a 500, and retries', async () => {
    server.use(
      http.get('*/v2/tag/loader', () =>
        HttpResponse.json(buildErrorBody({ error: 'internal_error', description: 'The tag store is unavailable' }), {
          status: 500,
        }),
      ),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/' });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Uh oh!' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.getByText('Error details')).toBeInTheDocument();
    const details = within(screen.getByRole('group'));
    expect(details.getByText('500')).toBeInTheDocument();
    expect(details.getByText('The tag store is unavailable')).toBeInTheDocument();
    // The layout stays around the error.
    expect(screen.getByRole('link', { name: 'Cairn home' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('region', { name: 'Mods' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Uh oh!' })).not.toBeInTheDocument();
  });
});
