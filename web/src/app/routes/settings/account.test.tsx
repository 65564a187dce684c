import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

afterEach(() => vi.restoreAllMocks());

const openAccount = () => renderRoute(createAppRoutes, { path: '/settings/account' });

describe('account and security', () => {
  it('changes the email address, showing a taken address next to the field', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.patch('*/v2/auth/email', async ({ request }) => {
        const body = await jsonBody(request);
        bodies.push(body);
        if (body.email === 'used@example.com') return HttpResponse.json(buildErrorBody({ error: 'duplicate_email', description: 'An account already uses this email address.' }), { status: 400 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = openAccount();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account and security' })).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Change email' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change your email address' }));
    const field = dialog.getByLabelText('New email address');
    await user.type(field, 'nope');
    await user.click(dialog.getByRole('button', { name: 'Save email' }));
    expect(field).toHaveAccessibleDescription('Enter a valid email address.');
    await user.clear(field);
    await user.type(field, 'used@example.com');
    await user.click(dialog.getByRole('button', { name: 'Save email' }));
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription('An account already uses this email address.'));
    await user.clear(field);
    await user.type(field, 'new@example.com');
    await user.click(dialog.getByRole('button', { name: 'Save email' }));
    expect(await screen.findByText('We sent a verification link to new@example.com.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'used@example.com' }, { email: 'new@example.com' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes the password after checking the confirmation, and reports a wrong current password', async () => {
    signIn();
    const bodies: unknown[] = [];
    server.use(
      http.patch('*/v2/auth/password', async ({ request }) => {
        const body = await jsonBody(request);
        bodies.push(body);
        if (body.old_password !== 'old secret words') return HttpResponse.json(buildErrorBody({ error: 'invalid_credentials', description: 'Your current password is not right.' }), { status: 400 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change your password' }));
    await user.type(dialog.getByLabelText('Current password'), 'wrong');
    await user.type(dialog.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(dialog.getByLabelText('Confirm password'), 'a brand new passphrasx');
    await user.click(dialog.getByRole('button', { name: 'Save password' }));
    expect(dialog.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match!');
    expect(bodies).toEqual([]);

    await user.clear(dialog.getByLabelText('Confirm password'));
    await user.type(dialog.getByLabelText('Confirm password'), 'a brand new passphrase');
    await user.click(dialog.getByRole('button', { name: 'Save password' }));
    await vi.waitFor(() => expect(dialog.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is not right.'));

    await user.clear(dialog.getByLabelText('Current password'));
    await user.type(dialog.getByLabelText('Current password'), 'old secret words');
    await user.click(dialog.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Password saved')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ old_password: 'old secret words', new_password: 'a brand new passphrase' });
  });

  it('sets up two-factor authentication with the QR code and a code, then shows the backup codes once', async () => {
    let hasTotp = false;
    server.use(
      http.get('*/v2/session/user', () => HttpResponse.json({ user: buildUser({ has_totp: hasTotp }) })),
      http.post('*/v2/auth/2fa/get_secret', () =>
        HttpResponse.json({ secret: 'JBSWY3DPEHPK3PXP', flow: 'totp-flow', uri: 'otpauth://totp/Cairn:alice?secret=JBSWY3DPEHPK3PXP&issuer=Cairn' }),
      ),
      http.post('*/v2/auth/2fa', async ({ request }) => {
        const body = await jsonBody(request);
        if (body.code !== '123456') return HttpResponse.json(buildErrorBody({ error: 'invalid_code', description: 'That code is not right; check the time on your device and try the current code.' }), { status: 400 });
        hasTotp = true;
        return HttpResponse.json({ backup_codes: ['aaaa-1111', 'bbbb-2222', 'cccc-3333', 'dddd-4444', 'eeee-5555', 'ffff-6666'] });
      }),
    );
    const { user, container } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Set up two-factor authentication' }));
    expect(await dialog.findByRole('img', { name: 'QR code to add your Cairn account to an authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const code = dialog.getByLabelText('Verification code');
    await user.type(code, '12');
    await user.click(dialog.getByRole('button', { name: 'Verify code' }));
    expect(code).toHaveAccessibleDescription('Enter the six digits your authenticator app shows.');
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(dialog.getByRole('button', { name: 'Verify code' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('That code is not right')));
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(dialog.getByRole('button', { name: 'Verify code' }));

    const codes = within(await screen.findByRole('dialog', { name: 'Your backup codes' }));
    expect(codes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['aaaa-1111', 'bbbb-2222', 'cccc-3333', 'dddd-4444', 'eeee-5555', 'ffff-6666']);
    await user.click(codes.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByRole('button', { name: 'Remove two-factor authentication' })).toBeInTheDocument();
  });

  it('removes two-factor authentication with a code', async () => {
    signIn({ has_totp: true });
    let sent: unknown;
    server.use(
      http.delete('*/v2/auth/2fa', async ({ request }) => {
        sent = await jsonBody(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Remove two-factor authentication' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove two-factor authentication' }));
    await user.type(dialog.getByLabelText('Two-factor code'), 'aaaa-1111');
    await user.click(dialog.getByRole('button', { name: 'Remove two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication removed')).toBeInTheDocument();
    expect(sent).toEqual({ code: 'aaaa-1111' });
  });

  it('links and unlinks providers, but never the last way to sign in', async () => {
    server.use(http.get('*/v2/auth/providers', () => HttpResponse.json([{ id: 'github', name: 'GitHub' }, { id: 'gitlab', name: 'GitLab' }])));
    signIn({ has_password: false, auth_providers: ['github'] });
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    let linkBody: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/auth/provider', async ({ request }) => {
        linkBody = await jsonBody(request);
        return HttpResponse.json({ url: 'https://gitlab.example/oauth/authorize?x=1' });
      }),
    );
    const { user } = openAccount();
    const unlink = await screen.findByRole('button', { name: 'Unlink GitHub' });
    expect(unlink).toBeDisabled();
    expect(screen.getAllByText('This is your only way to sign in: set a password or link another account before removing it.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Set a password' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Link GitLab' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://gitlab.example/oauth/authorize?x=1'));
    expect(linkBody).toEqual({ provider: 'gitlab', url: `${window.location.origin}/settings/account?linked=gitlab` });
  });

  it('shows the error a provider link came back with', async () => {
    server.use(http.get('*/v2/auth/providers', () => HttpResponse.json([{ id: 'github', name: 'GitHub' }])));
    signIn();
    renderRoute(createAppRoutes, { path: '/settings/account?linked=github&error=provider_already_linked&error_description=This%20GitHub%20account%20is%20already%20linked%20to%20another%20Cairn%20account.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This GitHub account is already linked to another Cairn account.');
  });

  it('deletes the account only once the username is typed, then signs out', async () => {
    let exists = true;
    server.use(
      http.get('*/v2/session/user', () => (exists ? HttpResponse.json({ user: buildUser() }) : HttpResponse.json({ user: null }))),
      http.delete('*/v2/user/UsEr0001', () => {
        exists = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = openAccount();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete your account?' }));
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Type your username, alice, to confirm'), 'alic');
    expect(confirm).toBeDisabled();
    await user.type(dialog.getByLabelText('Type your username, alice, to confirm'), 'e');
    await user.click(confirm);
    expect(await screen.findByText('Your account was deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(await within(screen.getByRole('banner')).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
