import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { signIn, jsonBody } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildIssuedSession, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

afterEach(() => vi.restoreAllMocks());

/** After a successful login the cookie exists: GET /v2/session/user answers with the user from then on. */
function loginSucceeds(onBody?: (body: Record<string, unknown>) => void) {
  const user = buildUser();
  let signedIn = false;
  server.use(
    http.get('*/v2/session/user', () => (signedIn ? HttpResponse.json({ user }) : HttpResponse.json({ user: null }))),
    http.post('*/v2/auth/login', async ({ request }) => {
      onBody?.(await jsonBody(request));
      signedIn = true;
      return HttpResponse.json(buildIssuedSession());
    }),
  );
}

describe('sign-in page', () => {
  it('asks for an email or username and password, with the recovery and sign-up links and no providers when none is configured', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/auth/sign-in' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/reset-password');
    expect(main.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/sign-up');
    expect(screen.queryByText('Sign in with')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading the captcha…')).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('offers each configured provider, coming back to this page with the redirect kept', async () => {
    server.use(http.get('*/v2/auth/providers', () => HttpResponse.json([{ id: 'github', name: 'GitHub' }, { id: 'discord', name: 'Discord' }])));
    renderRoute(createAppRoutes, { path: '/auth/sign-in?redirect=%2Fsettings%2Fpats' });
    const providers = within(await screen.findByRole('region', { name: 'Sign in with' }));
    const github = providers.getByRole('link', { name: 'GitHub' });
    const url = new URL(github.getAttribute('href')!, 'http://site.test');
    expect(url.pathname).toBe('/v2/auth/init');
    expect(url.searchParams.get('provider')).toBe('github');
    expect(url.searchParams.get('url')).toBe(`${window.location.origin}/auth/sign-in?redirect=%2Fsettings%2Fpats`);
    expect(providers.getByRole('link', { name: 'Discord' })).toBeInTheDocument();
    expect(screen.getByText('Or use a password')).toBeInTheDocument();
  });

  it('is where the guessed addresses /login and /signup lead, query kept', async () => {
    const login = renderRoute(createAppRoutes, { path: '/login?redirect=%2Fdashboard' });
    await vi.waitFor(() => expect(login.router.state.location.pathname).toBe('/auth/sign-in'));
    expect(login.router.state.location.search).toBe('?redirect=%2Fdashboard');
    login.unmount();
    const signup = renderRoute(createAppRoutes, { path: '/signup' });
    await vi.waitFor(() => expect(signup.router.state.location.pathname).toBe('/auth/sign-up'));
  });

  it('says what is missing without calling the API', async () => {
    const login = vi.fn();
    server.use(http.post('*/v2/auth/login', login));
    const { user } = renderRoute(createAppRoutes, { path: '/auth/sign-in' });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Email or username')).toHaveAccessibleDescription('Enter your email address or username.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(login).not.toHaveBeenCalled();
  });

  it('shows the API’s answer to wrong credentials', async () => {
    server.use(
      http.post('*/v2/auth/login', () =>
        HttpResponse.json(buildErrorBody({ error: 'invalid_credentials', description: 'Incorrect username, email or password.' }), { status: 401 }),
      ),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/auth/sign-in' });
    await user.type(await screen.findByLabelText('Email or username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username, email or password.');
  });

  it('signs in and goes to ?redirect, refreshing who is signed in', async () => {
    let body: Record<string, unknown> | undefined;
    loginSucceeds((received) => (body = received));
    const { user, router } = renderRoute(createAppRoutes, { path: '/auth/sign-in?redirect=%2F' });
    await user.type(await screen.findByLabelText('Email or username'), ' alice ');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(body).toEqual({ username: 'alice', password: 'correct horse battery' });
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Account menu for alice' })).toBeInTheDocument();
  });

  it('ignores a redirect to another site', async () => {
    loginSucceeds();
    const { user, router } = renderRoute(createAppRoutes, { path: '/auth/sign-in?redirect=%2F%2Fevil.example%2F' });
    await user.type(await screen.findByLabelText('Email or username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('asks for the two-factor code when the account has one, and reports a wrong code next to the field', async () => {
    let signedIn = false;
    const codes: unknown[] = [];
    server.use(
      http.get('*/v2/session/user', () => (signedIn ? HttpResponse.json({ user: buildUser() }) : HttpResponse.json({ user: null }))),
      http.post('*/v2/auth/login', () => HttpResponse.json({ error: '2fa_required', description: 'Two-factor needed', flow: 'flow-123' })),
      http.post('*/v2/auth/login/2fa', async ({ request }) => {
        const body = await jsonBody(request);
        codes.push(body);
        if (body.code !== '123456') {
          return HttpResponse.json(buildErrorBody({ error: 'invalid_credentials', description: 'That code is not right (or was already used).' }), { status: 401 });
        }
        signedIn = true;
        return HttpResponse.json(buildIssuedSession());
      }),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/auth/sign-in?redirect=%2F' });
    await user.type(await screen.findByLabelText('Email or username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Enter two-factor code' })).toBeInTheDocument();
    const code = screen.getByLabelText('Two-factor code');
    expect(code).toHaveAttribute('maxlength', '11');
    await vi.waitFor(() => expect(code).toHaveFocus());
    await expectNoAxeViolations(container);

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription('That code is not right (or was already used).'));

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(codes).toEqual([
      { flow: 'flow-123', code: '000000' },
      { flow: 'flow-123', code: '123456' },
    ]);
  });

  it('continues a provider sign-in that needs the two-factor code (?flow=)', async () => {
    renderRoute(createAppRoutes, { path: '/auth/sign-in?flow=from-provider' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter two-factor code' })).toBeInTheDocument();
  });

  it('shows the error a provider sign-in came back with', async () => {
    renderRoute(createAppRoutes, { path: '/auth/sign-in?error=duplicate_email&error_description=An%20account%20already%20uses%20this%20email.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An account already uses this email.');
  });

  it('sends someone already signed in straight on', async () => {
    signIn();
    const { router } = renderRoute(createAppRoutes, { path: '/auth/sign-in?redirect=%2Fauth%2Fsign-up%3Fx%3D1' });
    // sign-up redirects signed-in users too, to the home page.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the captcha only when the server has one', async () => {
    server.use(http.get('*/v2/auth/captcha', () => HttpResponse.json({ provider: 'hcaptcha', site_key: 'site-key' })));
    const login = vi.fn();
    server.use(http.post('*/v2/auth/login', login));
    const { user } = renderRoute(createAppRoutes, { path: '/auth/sign-in' });
    expect(await screen.findByText('Loading the captcha…')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email or username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'secret password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please complete the captcha.')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });
});

describe('launcher sign-in', () => {
  it('shows the page alone and hands the session token to the launcher’s loopback address', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    loginSucceeds();
    const launcher = encodeURIComponent('http://127.0.0.1:4815/callback?state=s1');
    const { user, container } = renderRoute(createAppRoutes, { path: `/auth/sign-in?launcher=${launcher}` });
    expect(await screen.findByText('Sign in to connect your launcher to your Cairn account.')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.type(screen.getByLabelText('Email or username'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'You are signed in' })).toBeInTheDocument();
    const token = buildIssuedSession().session;
    // The hand-off runs in an effect after the confirmation renders.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`http://127.0.0.1:4815/callback?state=s1&code=${token}`));
  });

  it('refuses a launcher address that is not on this computer', async () => {
    const login = vi.fn();
    server.use(http.post('*/v2/auth/login', login));
    renderRoute(createAppRoutes, { path: `/auth/sign-in?launcher=${encodeURIComponent('https://collector.example/steal')}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('a launcher can only receive your sign-in at an address on this computer');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('hands over the token a provider sign-in came back with', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    renderRoute(createAppRoutes, { path: `/auth/sign-in?launcher=${encodeURIComponent('http://localhost:7000/')}&code=crs_fromprovider` });
    await screen.findByRole('heading', { name: 'You are signed in' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:7000/?code=crs_fromprovider'));
  });
});
