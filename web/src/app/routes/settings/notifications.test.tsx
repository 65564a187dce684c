import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '@cairn/shared/schemas/notification-settings';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildErrorBody } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

/** Serves the user's notification settings and records every change the page sends. */
function serveSettings(userId: string, initial: NotificationSettings, verified = true) {
  let current = initial;
  const patches: Record<string, unknown>[] = [];
  server.use(
    http.get(`*/v2/user/${userId}/notification_settings`, () => HttpResponse.json(current)),
    http.patch(`*/v2/user/${userId}/notification_settings`, async ({ request }) => {
      const body = await jsonBody(request);
      patches.push(body);
      if (body.email_digest === 'weekly' && userId === 'BrOkEn01') {
        return HttpResponse.json(buildErrorBody({ error: 'invalid_input', description: 'email_digest: not now' }), { status: 400 });
      }
      const period = body.email_digest as NotificationSettings['email_digest'];
      current = { email_digest: period, email_digest_active: period !== 'off' && verified };
      return HttpResponse.json(current);
    }),
  );
  return patches;
}

describe('notification settings', () => {
  it('shows the digest period and saves a new one from the keyboard, with a toast', async () => {
    const user = signIn();
    const patches = serveSettings(user.id, { email_digest: 'off', email_digest_active: false });
    const { user: actor, container } = renderRoute(createAppRoutes, { path: '/settings/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const group = within(screen.getByRole('group', { name: 'How often' }));
    expect(group.getByRole('radio', { name: 'Off' })).toBeChecked();
    expect(group.getByRole('radio', { name: 'Daily' })).toHaveAccessibleDescription('At most one email a day, and only when there is something new.');
    await expectNoAxeViolations(container);

    // Arrow keys move through a radio group and choose as they go.
    group.getByRole('radio', { name: 'Off' }).focus();
    await actor.keyboard('{ArrowDown}');
    expect(await screen.findByText('You will get a daily digest')).toBeInTheDocument();
    expect(patches).toEqual([{ email_digest: 'daily' }]);
    expect(group.getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(screen.queryByText(/verified email address/)).not.toBeInTheDocument();

    await actor.click(group.getByRole('radio', { name: 'Off' }));
    expect(await screen.findByText('Email digest turned off')).toBeInTheDocument();
    expect(patches).toEqual([{ email_digest: 'daily' }, { email_digest: 'off' }]);
  });

  it('says a digest needs a verified email address, with the way to the account page', async () => {
    const user = signIn({ email_verified: false });
    serveSettings(user.id, { email_digest: 'weekly', email_digest_active: false }, false);
    renderRoute(createAppRoutes, { path: '/settings/notifications' });
    expect(await screen.findByRole('radio', { name: 'Weekly' })).toBeChecked();
    expect(screen.getByText('Digests go only to a verified email address: confirm yours first.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to account and security' })).toHaveAttribute('href', '/settings/account');
  });

  it('keeps the saved period when the change is refused, and shows the error', async () => {
    const user = signIn({ id: 'BrOkEn01' });
    serveSettings(user.id, { email_digest: 'daily', email_digest_active: true });
    const { user: actor } = renderRoute(createAppRoutes, { path: '/settings/notifications' });
    await actor.click(await screen.findByRole('radio', { name: 'Weekly' }));
    expect(await screen.findByText(/email_digest: not now/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked();
  });
});
