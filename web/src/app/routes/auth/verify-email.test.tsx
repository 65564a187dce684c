import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

const failing = () =>
  http.post('*/v2/auth/email/verify', () => HttpResponse.json(buildErrorBody({ error: 'invalid_flow', description: 'This verification link is unknown or has expired.' }), { status: 400 }));

describe('verify email', () => {
  it('verifies the address from the link, and the banner goes away', async () => {
    let verified = false;
    server.use(
      http.get('*/v2/session/user', () => HttpResponse.json({ user: buildUser({ email_verified: verified }) })),
      http.post('*/v2/auth/email/verify', () => {
        verified = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/auth/verify-email?flow=verify-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByText('Account action required')).not.toBeInTheDocument());
    await expectNoAxeViolations(container);
  });

  it('says the address is already verified when its link was used before', async () => {
    signIn({ email_verified: true });
    server.use(failing());
    renderRoute(createAppRoutes, { path: '/auth/verify-email?flow=used' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email already verified' })).toBeInTheDocument();
  });

  it('uses a link meant for another account even when this one is verified', async () => {
    signIn({ email_verified: true });
    const verify = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(http.post('*/v2/auth/email/verify', verify));
    renderRoute(createAppRoutes, { path: '/auth/verify-email?flow=other-account' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verified' })).toBeInTheDocument();
    expect(verify).toHaveBeenCalledOnce();
  });

  it('reports a failed link and offers a new one to a signed-in user', async () => {
    signIn({ email_verified: false });
    const resend = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(failing(), http.post('*/v2/auth/email/resend_verify', resend));
    const { user, container } = renderRoute(createAppRoutes, { path: '/auth/verify-email?flow=expired' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verification failed' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('This verification link is unknown or has expired.');
    await expectNoAxeViolations(container);
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Resend verification email' }));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
    expect(resend).toHaveBeenCalledOnce();
  });

  it('asks a visitor to sign in for a new link', async () => {
    server.use(failing());
    renderRoute(createAppRoutes, { path: '/auth/verify-email?flow=expired' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Email verification failed' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to get a new verification link.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in?redirect=%2Fauth%2Fverify-email');
  });
});
