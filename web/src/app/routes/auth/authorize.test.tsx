import { scopeBits } from '@cairn/shared/constants/scopes';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildOAuthClient, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

afterEach(() => vi.restoreAllMocks());

const PATH = '/auth/authorize?client_id=ApP00001&redirect_uri=https%3A%2F%2Fpacks.example%2Fcallback&scope=USER_READ%20PROJECT_READ%20PROJECT_WRITE&state=xyz';

function consentHandlers() {
  const authorizeQueries: URLSearchParams[] = [];
  server.use(
    http.get('*/v2/oauth/authorize', ({ request }) => {
      authorizeQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        flow_id: 'consent-1',
        client_id: 'ApP00001',
        client_name: 'Pack Builder',
        client_icon: null,
        requested_scopes: scopeBits('USER_READ', 'PROJECT_READ', 'PROJECT_WRITE'),
        redirect_uri: 'https://packs.example/callback',
      });
    }),
    http.get('*/v2/oauth/app/ApP00001', () => HttpResponse.json(buildOAuthClient())),
    http.get('*/v2/user/UsEr0002', () => HttpResponse.json(buildUser({ id: 'UsEr0002', username: 'packsmith', email: null })))
  );
  return authorizeQueries;
}

describe('authorize an app', () => {
  it('sends visitors to sign in first, coming back with the whole request', async () => {
    const { router } = renderRoute(createAppRoutes, { path: PATH });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(PATH)}`);
  });

  it('shows the app, its creator, the permissions in plain words and where the answer goes', async () => {
    signIn();
    const queries = consentHandlers();
    const { container } = renderRoute(createAppRoutes, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Authorize Pack Builder' })).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('packsmith')).toBeInTheDocument();
    expect(main.getByText(/will be able to:/)).toHaveTextContent('Pack Builder by packsmith will be able to:');
    const lines = main.getAllByRole('listitem').map((item) => item.textContent);
    expect(lines).toEqual(['Your accountRead your profile', 'ProjectsRead your projects, including private ones · Edit your projects']);
    expect(main.getByText('https://packs.example/callback')).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Authorize' })).toBeInTheDocument();
    expect(main.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(queries[0]?.get('scope')).toBe('USER_READ PROJECT_READ PROJECT_WRITE');
    expect(queries[0]?.get('state')).toBe('xyz');
    await expectNoAxeViolations(container);
  });

  it('follows the redirect the API answers after Authorize', async () => {
    signIn();
    consentHandlers();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    let accepted: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/oauth/accept', async ({ request }) => {
        accepted = await jsonBody(request);
        return HttpResponse.json('https://packs.example/callback?code=abc&state=xyz', { headers: { location: 'https://packs.example/callback?code=abc&state=xyz' } });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Authorize' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://packs.example/callback?code=abc&state=xyz'));
    expect(accepted).toEqual({ flow: 'consent-1' });
  });

  it('says "No redirect location found in response" when the answer has none', async () => {
    signIn();
    consentHandlers();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    server.use(http.post('*/v2/oauth/reject', () => new HttpResponse('', { status: 200 })));
    const { user } = renderRoute(createAppRoutes, { path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No redirect location found in response');
    expect(assign).not.toHaveBeenCalled();
  });

  it('goes straight back to an app the user already authorized for these scopes', async () => {
    signIn();
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    server.use(http.get('*/v2/oauth/authorize', () => HttpResponse.json('https://packs.example/callback?code=again')));
    renderRoute(createAppRoutes, { path: PATH });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://packs.example/callback?code=again'));
  });

  it('explains a request the API refuses', async () => {
    signIn();
    server.use(
      http.get('*/v2/oauth/authorize', () =>
        HttpResponse.json(buildErrorBody({ error: 'invalid_uri', description: 'redirect_uri is not registered for this application' }), { status: 400 }),
      ),
    );
    renderRoute(createAppRoutes, { path: PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'This app cannot be authorized' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('redirect_uri is not registered for this application');
  });
});
