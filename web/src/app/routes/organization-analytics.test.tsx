import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '../../testing/account';
import { buildProject, buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const DAY = 86_400;
const at = (daysAgo: number) => String(Math.floor(Date.now() / 1000 / DAY - daysAgo) * DAY);

describe('organization analytics settings', () => {
  it("charts the organization's projects, and only those", async () => {
    const user = signIn();
    const organization = { id: 'OrGaNiz1', slug: 'masons', name: 'Masons', team_id: 'TeAm0009', description: 'Stone work.', icon_url: null, color: null, members: [buildTeamMember({ team_id: 'TeAm0009', user: { id: user.id } })] };
    const projects = [buildProject({ id: 'OrgProj1', slug: 'keystone', title: 'Keystone' }), buildProject({ id: 'OrgProj2', slug: 'mortar', title: 'Mortar' })];
    const asked: string[][] = [];
    const sourcesAsked: string[][] = [];
    server.use(
      http.get('*/v2/organization/masons', () => HttpResponse.json(organization)),
      http.get('*/v2/organization/OrGaNiz1/projects', () => HttpResponse.json(projects)),
      http.get(`*/v2/user/${user.id}/projects`, () => HttpResponse.json([buildProject({ id: 'OwnProj1', slug: 'own', title: 'Own' })])),
      http.get('*/v2/analytics/downloads', ({ request }) => {
        asked.push(JSON.parse(new URL(request.url).searchParams.get('project_ids')!) as string[]);
        return HttpResponse.json({ OrgProj1: { [at(2)]: 70 }, OrgProj2: { [at(1)]: 5 } });
      }),
      http.get('*/v2/analytics/views', () => HttpResponse.json({ OrgProj1: { [at(1)]: 900 } })),
      http.get('*/v2/analytics/revenue', () => HttpResponse.json({})),
      http.get('*/v2/analytics/countries/downloads', () => HttpResponse.json({ OrgProj1: { FR: 70 } })),
      http.get('*/v2/analytics/sources/downloads', ({ request }) => {
        sourcesAsked.push(JSON.parse(new URL(request.url).searchParams.get('project_ids')!) as string[]);
        return HttpResponse.json({ OrgProj1: { website: 50, CobbleLauncher: 20 }, OrgProj2: { unknown: 5 } });
      }),
    );
    renderRoute(createAppRoutes, { path: '/organization/masons/settings/analytics' });
    const table = await screen.findByRole('table', { name: /Downloads per period, Previous 30 days/ }, { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period starting', 'Keystone', 'Mortar', 'Total']);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: /^Downloads/ })).toHaveTextContent('75'));
    expect(screen.getByRole('button', { name: /^Views/ })).toHaveTextContent('900');
    expect(asked[0]).toEqual(['OrgProj1', 'OrgProj2']);
    const sources = within(await screen.findByRole('region', { name: 'Downloads by source' }));
    expect(sources.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Cairn website', 'CobbleLauncher', 'Unknown']);
    expect(sourcesAsked[0]).toEqual(['OrgProj1', 'OrgProj2']);
    const nav = within(screen.getByRole('navigation', { name: 'Organization settings' }));
    expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
  }, 30_000);
});
