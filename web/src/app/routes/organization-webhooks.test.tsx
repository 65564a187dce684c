import { ORGANIZATION_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

function serveOrganization(member: ReturnType<typeof buildTeamMember>) {
  const organization = { id: 'OrGaNiz1', slug: 'masons', name: 'Masons', team_id: 'TeAm0009', description: 'Stone work.', icon_url: null, color: null, members: [member] };
  const created: Record<string, unknown>[] = [];
  server.use(
    http.get('*/v2/organization/masons', () => HttpResponse.json(organization)),
    http.get('*/v2/organization/OrGaNiz1/projects', () => HttpResponse.json([])),
    http.get(`*/v2/user/${member.user.id}/projects`, () => HttpResponse.json([])),
    http.get('*/v2/organization/OrGaNiz1/webhooks', () => HttpResponse.json([])),
    http.post('*/v2/organization/OrGaNiz1/webhooks', async ({ request }) => {
      const body = await jsonBody(request);
      created.push(body);
      return HttpResponse.json({
        id: 'HoOk0001',
        project_id: null,
        organization_id: 'OrGaNiz1',
        url: body.url,
        format: 'generic',
        events: body.events,
        enabled: true,
        disabled_reason: null,
        consecutive_failures: 0,
        delivered_count: 0,
        failed_count: 0,
        last_delivery: null,
        created: '2026-11-29T10:00:00.000Z',
        secret: 'whsec_b3JnYW5pemF0aW9uLXNlY3JldA==',
      });
    }),
  );
  return { created };
}

describe('organization webhooks settings', () => {
  it('lists Webhooks in the navigation of those who edit the details, and adds a hook for every project', async () => {
    const user = signIn();
    const { created } = serveOrganization(buildTeamMember({ team_id: 'TeAm0009', user: { id: user.id } }));
    const { user: actor } = renderRoute(createAppRoutes, { path: '/organization/masons/settings/webhooks' });
    const form = within(await screen.findByRole('form', { name: 'Add a webhook' }, { timeout: 15_000 }));
    const nav = within(screen.getByRole('navigation', { name: 'Organization settings' }));
    expect(nav.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/any project of this organization/)).toBeInTheDocument();

    await actor.type(form.getByLabelText('Destination URL'), 'https://hooks.example.org/masons');
    await actor.click(form.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('region', { name: 'Signing secret' })).toHaveTextContent('whsec_b3JnYW5pemF0aW9uLXNlY3JldA==');
    expect(created).toEqual([{ url: 'https://hooks.example.org/masons', format: 'generic', events: ['version.published'] }]);
  }, 30_000);

  it('has no Webhooks page for members who may not edit the details', async () => {
    const user = signIn();
    serveOrganization(buildTeamMember({ team_id: 'TeAm0009', role: 'Member', organization_permissions: ORGANIZATION_PERMISSIONS.MANAGE_INVITES, user: { id: user.id } }));
    renderRoute(createAppRoutes, { path: '/organization/masons/settings/webhooks' });
    const nav = within(await screen.findByRole('navigation', { name: 'Organization settings' }, { timeout: 15_000 }));
    expect(nav.queryByRole('link', { name: 'Webhooks' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a webhook' })).not.toBeInTheDocument();
  }, 30_000);
});
