import { PASSWORD_RESET_MESSAGE } from '@cairn/shared/schemas/auth';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

describe('reset password', () => {
  it('requests the email and shows the neutral answer, whoever asked', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/auth/password/reset', async ({ request }) => {
        body = await jsonBody(request);
        return HttpResponse.json({ message: PASSWORD_RESET_MESSAGE });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/auth/reset-password' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send recovery email' }));
    expect(screen.getByLabelText('Email or username')).toHaveAccessibleDescription('Enter your email address or username.');

    await user.type(screen.getByLabelText('Email or username'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send recovery email' }));
    const main = within(screen.getByRole('main'));
    expect(await main.findByText('An email with instructions has been sent to you if the email was previously saved on your account.')).toBeInTheDocument();
    expect(body).toEqual({ username: 'someone@example.com' });
    // And a toast.
    expect(await within(screen.getByRole('region', { name: 'Notifications' })).findByText('Email sent')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('sets the new password from the emailed link after checking the confirmation', async () => {
    let body: Record<string, unknown> | undefined;
    server.use(
      http.patch('*/v2/auth/password', async ({ request }) => {
        body = await jsonBody(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/auth/reset-password?flow=reset-flow-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a long unusual passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a long unusual passphrasE');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match!');
    expect(body).toBeUndefined();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'a long unusual passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password successfully reset. You can now sign in with your new password.')).toBeInTheDocument();
    expect(body).toEqual({ flow: 'reset-flow-1', new_password: 'a long unusual passphrase' });
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
    await expectNoAxeViolations(container);
  });

  it('shows a weak password next to the field, and an expired link with a way to ask again', async () => {
    const answers = [
      buildErrorBody({ error: 'weak_password', description: 'This password is too easy to guess.' }),
      buildErrorBody({ error: 'invalid_flow', description: 'This reset link is unknown or has expired.' }),
    ];
    server.use(http.patch('*/v2/auth/password', () => HttpResponse.json(answers.shift(), { status: 400 })));
    const { user } = renderRoute(createAppRoutes, { path: '/auth/reset-password?flow=old' });
    await user.type(await screen.findByLabelText('New password'), 'password1234');
    await user.type(screen.getByLabelText('Confirm password'), 'password1234');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('This password is too easy to guess.')));

    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is unknown or has expired.');
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/reset-password');
  });
});
