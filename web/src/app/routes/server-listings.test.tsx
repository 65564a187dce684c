import type { OwnedServerListing, ServerListing, ServerListingSearchResult } from '@cairn/shared/schemas/server-listings';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

function buildListing(overrides: Partial<ServerListing> = {}): ServerListing {
  return {
    id: 'List0001',
    name: 'Harbor Town',
    summary: 'A calm survival world by the sea.',
    description: 'Line one\nLine two',
    host: 'play.harbor.example',
    port: 25566,
    address: 'play.harbor.example:25566',
    game_version: '1.21.4',
    loader: 'vanilla',
    modpack: null,
    region: 'europe',
    hosted: true,
    owner: { id: 'User0001', username: 'harbormaster' },
    status: 'approved',
    ping: { online: true, players_online: 7, players_max: 20, version_name: '1.21.4', motd: '<img src=x onerror=alert(1)> Welcome aboard', checked: '2026-11-29T10:00:00.000Z', last_online: '2026-11-29T10:00:00.000Z' },
    created: '2026-11-01T10:00:00.000Z',
    updated: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const owned = (overrides: Partial<OwnedServerListing> = {}): OwnedServerListing => ({
  ...buildListing({ status: 'processing' }),
  hidden_reason: null,
  ping_error: null,
  moderation_message: null,
  server_id: 'Srv00001',
  ...overrides,
});

function searchResult(hits: ServerListing[]): ServerListingSearchResult {
  return {
    hits,
    offset: 0,
    limit: 20,
    total_hits: hits.length,
    facets: {
      game_version: [{ value: '1.21.4', label: '1.21.4', count: hits.length }],
      modpack: [],
      region: [{ value: 'europe', label: 'Europe', count: hits.length }],
      players: [{ value: '1', label: '1+', count: hits.length }],
    },
  };
}

describe('/server-listings', () => {
  it('lists servers with their players and facets, and a facet narrows the search', async () => {
    const queries: string[] = [];
    server.use(
      http.get('*/v2/server_listings', ({ request }) => {
        queries.push(new URL(request.url).search);
        return HttpResponse.json(searchResult([buildListing()]));
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/server-listings' });
    const card = await screen.findByRole('article', { name: 'Harbor Town' }, { timeout: 15_000 });
    expect(within(card).getByText('7 / 20 players online')).toBeInTheDocument();
    expect(within(card).getByText('Hosted on Cairn')).toBeInTheDocument();
    expect(within(card).getByText('play.harbor.example:25566')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('link', { name: 'Europe (1)' }));
    await waitFor(() => expect(queries.at(-1)).toContain('region=europe'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Europe (1)' })).toHaveAttribute('aria-current', 'true'));
  });
});

describe('/server-listing/:id', () => {
  it("shows the live player count and the message of the day as text, never markup", async () => {
    server.use(http.get('*/v2/server_listing/List0001', () => HttpResponse.json(buildListing())));
    const { container } = renderRoute(createAppRoutes, { path: '/server-listing/List0001' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Town' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('7 / 20 players online')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)> Welcome aboard')).toBeInTheDocument();
    expect(container.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your listing' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('shows its owner why it is hidden and what the moderators said', async () => {
    signIn();
    server.use(
      http.get('*/v2/server_listing/List0001', () =>
        HttpResponse.json(owned({ status: 'rejected', moderation_message: 'Say what the server is about.', hidden_reason: 'Hidden from the server listings: the server has not answered status pings since yesterday.', ping: { ...buildListing().ping, online: false, players_online: null } })),
      ),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/server-listing/List0001' });
    expect(await screen.findByRole('heading', { name: 'Your listing' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('Say what the server is about.')).toBeInTheDocument();
    expect(screen.getByText(/has not answered status pings since yesterday/)).toBeInTheDocument();
    expect(screen.getByText(/Rejected: change it/)).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });
});

describe('/server-listings/new', () => {
  it('lists a server by address and shows the API error naming the field', async () => {
    signIn();
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/server_listing', async ({ request }) => {
        sent = await jsonBody(request);
        return HttpResponse.json({ error: 'invalid_input', description: 'host: 10.0.0.1 resolves to a private address, which public listings may not use' }, { status: 400 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/server-listings/new' });
    await screen.findByRole('heading', { level: 1, name: 'List a server' }, { timeout: 15_000 });
    await expectNoAxeViolations(container);
    await user.type(screen.getByLabelText('Name', { exact: true }), 'Private World');
    await user.type(screen.getByLabelText('Summary'), 'Only on my network.');
    await user.type(screen.getByLabelText(/^Address/), '10.0.0.1');
    await user.type(screen.getByLabelText('Game version'), '1.21.4');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(await screen.findByText(/^host: 10\.0\.0\.1 resolves to a private address/)).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'Private World', summary: 'Only on my network.', host: '10.0.0.1', port: 25565, game_version: '1.21.4', loader: 'vanilla', modpack_id: null, region: null });
  });
});
