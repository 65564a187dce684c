import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { readCookie } from '../../../lib/cookies';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildSession, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

describe('settings navigation', () => {
  it('shows visitors the display pages only, with a way to sign in', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/settings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Appearance' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Settings' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Appearance', 'Language', 'Sign in']);
    expect(nav.getByRole('link', { name: 'Appearance' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  });

  it('lists every section for a signed-in user, grouped like web-screens §2.19', async () => {
    signIn();
    renderRoute(createAppRoutes, { path: '/settings/language' });
    const nav = within(await screen.findByRole('navigation', { name: 'Settings' }));
    await nav.findByRole('link', { name: 'Public profile' });
    expect(nav.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Display', 'Account', 'Developer']);
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Appearance', '/settings'],
      ['Language', '/settings/language'],
      ['Public profile', '/settings/profile'],
      ['Account and security', '/settings/account'],
      ['Notifications', '/settings/notifications'],
      ['Authorized apps', '/settings/authorizations'],
      ['Sessions', '/settings/sessions'],
      ['Billing and subscriptions', '/settings/billing'],
      ['Personal access tokens', '/settings/pats'],
      ['Applications', '/settings/applications'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Language' })).toBeInTheDocument();
  });

  it.each(['profile', 'account', 'notifications', 'sessions', 'pats', 'applications', 'authorizations'])('sends visitors from /settings/%s to sign in and back', async (page) => {
    const { router } = renderRoute(createAppRoutes, { path: `/settings/${page}` });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/settings/${page}`)}`);
  });
});

describe('appearance', () => {
  it('saves list layouts and feature toggles in the cosmetics cookie', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/settings' });
    const shaders = within(await screen.findByRole('group', { name: 'Shaders' }));
    expect(shaders.getByRole('radio', { name: 'Gallery' })).toBeChecked();
    await user.click(shaders.getByRole('radio', { name: 'List' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hide Cairn App promotions' }));
    const cookie = JSON.parse(readCookie('cairn-cosmetics') ?? '{}') as { searchDisplayMode: Record<string, string>; hideAppPromos: boolean };
    expect(cookie.searchDisplayMode.shader).toBe('list');
    expect(cookie.hideAppPromos).toBe(true);
    // The shell follows at once: the app link leaves the header.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: /Cairn App/ })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Color theme' })).toBeInTheDocument();
  });
});

describe('public profile', () => {
  it('saves the username and bio with a toast, and shows a taken username next to its field', async () => {
    const user = signIn({ bio: 'Old bio' });
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.patch(`*/v2/user/${user.id}`, async ({ request }) => {
        const body = await jsonBody(request);
        patches.push(body);
        if (body.username === 'taken') return HttpResponse.json(buildErrorBody({ error: 'username_taken', description: 'That username is taken.' }), { status: 400 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user: actor, container } = renderRoute(createAppRoutes, { path: '/settings/profile' });
    const username = await screen.findByLabelText('Username');
    expect(screen.getByRole('link', { name: 'View your profile' })).toHaveAttribute('href', '/user/alice');
    await expectNoAxeViolations(container);

    await actor.clear(username);
    await actor.type(username, 'taken');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(username).toHaveAccessibleDescription(expect.stringContaining('That username is taken.')));

    await actor.clear(username);
    await actor.type(username, 'alice2');
    await actor.clear(screen.getByLabelText('Bio'));
    await actor.type(screen.getByLabelText('Bio'), 'I make shaders.');
    await actor.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(patches.at(-1)).toEqual({ username: 'alice2', bio: 'I make shaders.' });
  });

  it('uploads a picture as the raw body and refuses files that are too large', async () => {
    const user = signIn();
    let upload: { ext: string | null; type: string | null; size: number } | undefined;
    server.use(
      http.patch(`*/v2/user/${user.id}/icon`, async ({ request }) => {
        upload = { ext: new URL(request.url).searchParams.get('ext'), type: request.headers.get('content-type'), size: (await request.arrayBuffer()).byteLength };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user: actor, container } = renderRoute(createAppRoutes, { path: '/settings/profile' });
    await screen.findByRole('button', { name: 'Upload picture' });
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await actor.upload(input, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This image is too large: the limit is 256 KiB.');
    await actor.upload(input, new File([new Uint8Array(1000)], 'me.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
    expect(upload).toEqual({ ext: 'webp', type: 'image/webp', size: 1000 });
  });
});

describe('sessions', () => {
  it('lists each session with where and when, marks the current one and revokes another', async () => {
    signIn();
    let sessions = [
      buildSession({ id: 'SeSs0001', current: true, os: 'Linux', platform: 'Firefox', ip: '203.0.113.5' }),
      buildSession({ id: 'SeSs0002', current: false, os: 'Windows', platform: 'Chrome', ip: '198.51.100.7', city: 'Lyon', country: 'France' }),
    ];
    const deleted: string[] = [];
    server.use(
      http.get('*/v2/session/list', () => HttpResponse.json(sessions)),
      http.delete('*/v2/session/:id', ({ params }) => {
        deleted.push(String(params.id));
        sessions = sessions.filter((session) => session.id !== params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/sessions' });
    await screen.findByText('Linux ⋅ Firefox ⋅ 203.0.113.5');
    const cards = within(screen.getByText('Linux ⋅ Firefox ⋅ 203.0.113.5').closest('ul')!).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Linux ⋅ Firefox ⋅ 203.0.113.5')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Current session')).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/Last accessed/)).toBeInTheDocument();
    expect(within(cards[0]!).getByText(/Created/)).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Windows ⋅ Chrome ⋅ 198.51.100.7')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Lyon, France')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(within(cards[1]!).getByRole('button', { name: 'Revoke session' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Revoke this session?' }));
    expect(dialog.getByText('Windows ⋅ Chrome ⋅ 198.51.100.7 will be signed out.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Revoke session' }));
    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    expect(deleted).toEqual(['SeSs0002']);
    await vi.waitFor(() => expect(screen.queryByText('Windows ⋅ Chrome ⋅ 198.51.100.7')).not.toBeInTheDocument());
  });
});

describe('user menu and email banner', () => {
  it('shows the signed-in user with the account menu (see app/account-menus.test.tsx), and signs out in place', async () => {
    let signedIn = true;
    server.use(
      http.get('*/v2/session/user', () => (signedIn ? HttpResponse.json({ user: buildUser() }) : HttpResponse.json({ user: null }))),
      http.delete('*/v2/session', () => {
        signedIn = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/' });
    const header = within(screen.getByRole('banner'));
    await user.click(await header.findByRole('button', { name: 'Account menu for alice' }));
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Profile', '/user/alice'],
      ['Upgrade to Cairn Plus', '/plus'],
      ['Notifications', '/dashboard/notifications'],
      ['Saved projects', '/dashboard/collections'],
      ['My servers', '/servers/manage'],
      ['Settings', '/settings'],
      ['Dashboard', '/dashboard'],
      ['Projects', '/dashboard/projects'],
      ['Organizations', '/dashboard/organizations'],
      ['Revenue', '/dashboard/revenue'],
      ['Analytics', '/dashboard/analytics'],
      ['Sign out', null],
    ]);
    await expectNoAxeViolations(container);
    await user.click(menu.getByRole('menuitem', { name: 'Sign out' }));
    expect(await header.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('You are signed out')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks an unverified user to verify, and re-sends the email', async () => {
    signIn({ email_verified: false, email: 'alice@example.com' });
    const resend = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.post('*/v2/auth/email/resend_verify', resend));
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    expect(await screen.findByText('Account action required')).toBeInTheDocument();
    expect(screen.getByText(/Your email address alice@example.com is not verified yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Re-send verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(resend).toHaveBeenCalledOnce();
  });

  it('shows no banner to verified users or visitors', async () => {
    signIn({ email_verified: true });
    renderRoute(createAppRoutes, { path: '/' });
    await within(screen.getByRole('banner')).findByRole('button', { name: 'Account menu for alice' });
    expect(screen.queryByText('Account action required')).not.toBeInTheDocument();
  });
});
