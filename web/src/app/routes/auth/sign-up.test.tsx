import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildIssuedSession, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

async function fillForm(user: ReturnType<typeof renderRoute>['user'], values: { email?: string; username?: string; password?: string; confirm?: string }) {
  if (values.email) await user.type(await screen.findByLabelText('Email'), values.email);
  if (values.username) await user.type(screen.getByLabelText('Username'), values.username);
  if (values.password) await user.type(screen.getByLabelText('Password'), values.password);
  if (values.confirm) await user.type(screen.getByLabelText('Confirm password'), values.confirm);
}

const VALID = { email: 'new@example.com', username: 'newcomer', password: 'a long unusual passphrase', confirm: 'a long unusual passphrase' };

describe('sign-up page', () => {
  it('has the fields, the newsletter choice (off) and the terms and privacy notice', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/auth/sign-up' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    for (const label of ['Email', 'Username', 'Password', 'Confirm password']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Subscribe to updates about Cairn')).not.toBeChecked();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/legal/terms');
    expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal/privacy');
    expect(main.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
    await expectNoAxeViolations(container);
  });

  it('says "Passwords do not match!" and checks the other fields before calling the API', async () => {
    const create = vi.fn();
    server.use(http.post('*/v2/auth/create', create));
    const { user } = renderRoute(createAppRoutes, { path: '/auth/sign-up' });
    await fillForm(user, { email: 'not-an-email', username: 'bad name!', password: 'short', confirm: 'different' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match!');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(expect.stringContaining('Use 1 to 39 characters'));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining('Use at least 8 characters.'));
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['username_taken', 'That username is taken.', 'Username'],
    ['duplicate_email', 'An account already uses this email address.', 'Email'],
    ['weak_password', 'This password is too easy to guess. Add another word or two.', 'Password'],
  ])('shows the server’s %s next to its field', async (code, description, label) => {
    server.use(http.post('*/v2/auth/create', () => HttpResponse.json(buildErrorBody({ error: code, description }), { status: 400 })));
    const { user } = renderRoute(createAppRoutes, { path: '/auth/sign-up' });
    await fillForm(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(description)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('creates the account, then welcomes the new user with their newsletter choice', async () => {
    let signedIn = false;
    let created: Record<string, unknown> | undefined;
    const subscribe = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(
      http.get('*/v2/session/user', () =>
        HttpResponse.json({ user: signedIn ? buildUser({ username: 'newcomer', email: 'new@example.com', email_verified: false }) : null }),
      ),
      http.post('*/v2/auth/create', async ({ request }) => {
        created = await jsonBody(request);
        signedIn = true;
        return HttpResponse.json(buildIssuedSession());
      }),
      http.post('*/v2/auth/email/subscribe', subscribe),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/auth/sign-up' });
    await fillForm(user, VALID);
    await user.click(screen.getByLabelText('Subscribe to updates about Cairn'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Cairn!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/welcome');
    expect(created).toEqual({ email: 'new@example.com', username: 'newcomer', password: VALID.password, sign_up_newsletter: true });
    expect(screen.getByText('We sent a link to new@example.com: open it to verify your email address.')).toBeInTheDocument();
    // The email banner shows on every page for the unverified account.
    expect(await screen.findByText('Account action required')).toBeInTheDocument();
    expect(screen.getByLabelText('Subscribe to updates about Cairn')).toBeChecked();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(subscribe).toHaveBeenCalledOnce();
  });
});
