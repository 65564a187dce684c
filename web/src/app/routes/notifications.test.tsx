import type { Notification } from '@cairn/shared/schemas/notifications';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const base = { user_id: 'U1', read: false, created: '2026-01-01T00:00:00Z', actions: [] as Notification['actions'] };
const update = (id: string, version: string): Notification => ({
  ...base,
  id,
  type: 'project_update',
  title: 'Beacon has a new version',
  text: `Beacon released version ${version}.`,
  link: `/mod/beacon/version/V${id}`,
  body: { type: 'project_update', project_id: 'P1', version_id: `V${id}` },
});
const invite: Notification = {
  ...base,
  id: 'N3',
  type: 'team_invite',
  title: 'You have been invited to join Anvil',
  text: 'bob invited you to join Anvil as Member.',
  link: '/mod/anvil',
  actions: [
    { title: 'Accept', action_route: ['POST', 'team/T1/join'] },
    { title: 'Deny', action_route: ['DELETE', 'team/T1/members/U1'] },
  ],
  body: { type: 'team_invite', project_id: 'P2', team_id: 'T1', invited_by: 'U2', role: 'Member' },
};
const old: Notification = { ...update('N0', '0.9'), read: true, title: 'An old update' };

/** Serves a mutable list and records the writes. */
function serveNotifications(initial: Notification[]) {
  const user = signIn();
  let list = initial;
  const calls: string[] = [];
  server.use(
    http.get(`*/v2/user/${user.id}/notifications`, () => HttpResponse.json(list)),
    http.patch('*/v2/notifications', ({ request }) => {
      const ids = JSON.parse(new URL(request.url).searchParams.get('ids') ?? '[]') as string[];
      calls.push(`read ${ids.join(',')}`);
      list = list.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/v2/team/:team/join', ({ params }) => {
      calls.push(`join ${String(params.team)}`);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

describe('notifications', () => {
  it('groups unread updates of one project, accepts an invite in place and marks all read', async () => {
    const calls = serveNotifications([update('N1', '1.1'), invite, update('N2', '1.0'), old]);
    const { user, container } = renderRoute(createAppRoutes, { path: '/dashboard/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    const entries = screen.getAllByRole('article');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByRole('link', { name: 'Beacon has a new version' })).toHaveAttribute('href', '/mod/beacon/version/VN1');
    expect(within(entries[0]!).getByText('and 1 earlier update')).toBeInTheDocument();
    expect(screen.queryByText('An old update')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toHaveAttribute('href', '/dashboard/notifications');
    await expectNoAxeViolations(container);

    await user.click(within(entries[1]!).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Invitation accepted')).toBeInTheDocument();
    expect(calls).toEqual(['join T1', 'read N3']);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('You have no unread notifications.')).toBeInTheDocument();
    expect(calls[2]).toBe('read N1,N2');
    expect(await screen.findByRole('link', { name: 'Notifications, 0 unread' })).toBeInTheDocument();
  });

  it('shows read ones too in the history', async () => {
    serveNotifications([update('N1', '1.1'), old]);
    renderRoute(createAppRoutes, { path: '/dashboard/notifications/history' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification history' })).toBeInTheDocument();
    expect(screen.getByText('An old update')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('lists the latest unread on the dashboard overview', async () => {
    serveNotifications([update('N1', '1.1'), old]);
    server.use(http.get('*/v2/user/:id/projects', () => HttpResponse.json([])));
    renderRoute(createAppRoutes, { path: '/dashboard' });
    const card = within(await screen.findByRole('region', { name: 'Unread notifications' }));
    expect(card.getByRole('link', { name: 'Beacon has a new version' })).toBeInTheDocument();
    expect(card.queryByText('An old update')).not.toBeInTheDocument();
  });
});
