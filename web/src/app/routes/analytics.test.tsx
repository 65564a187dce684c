import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOCALE } from '../../lib/i18n/locales';
import { switchMessageAreas } from '../../lib/i18n/message-areas';
import { signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const projects = [
  buildProject({ id: 'AAAAAAA1', slug: 'beacon', title: 'Beacon' }),
  buildProject({ id: 'AAAAAAA2', slug: 'anvil', title: 'Anvil' }),
];

// A bucket start well inside "Previous 30 days" and "Previous 7 days".
const DAY = 86_400;
const at = (daysAgo: number) => String(Math.floor(Date.now() / 1000 / DAY - daysAgo) * DAY);

interface Seen {
  path: string;
  params: URLSearchParams;
}

function serveAnalytics({ revenue = 'ok' }: { revenue?: 'ok' | 'missing' | 'omitted' } = {}) {
  const user = signIn();
  const seen: Seen[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    seen.push({ path: url.pathname, params: url.searchParams });
  };
  server.use(
    http.get(`*/v2/user/${user.id}/projects`, () => HttpResponse.json(projects)),
    http.get('*/v2/analytics/downloads', ({ request }) => {
      record(request);
      return HttpResponse.json({ AAAAAAA1: { [at(2)]: 1200, [at(1)]: 300 }, AAAAAAA2: { [at(1)]: 45 } });
    }),
    http.get('*/v2/analytics/views', ({ request }) => {
      record(request);
      return HttpResponse.json({ AAAAAAA1: { [at(1)]: 5000 }, AAAAAAA2: {} });
    }),
    http.get('*/v2/analytics/revenue', ({ request }) => {
      record(request);
      if (revenue === 'missing') return HttpResponse.json({ error: 'not_found', description: 'Not found' }, { status: 404 });
      return HttpResponse.json(revenue === 'omitted' ? {} : { AAAAAAA1: { [at(1)]: 1234 } });
    }),
    http.get('*/v2/analytics/countries/downloads', ({ request }) => {
      record(request);
      return HttpResponse.json({ AAAAAAA1: { DE: 900, US: 600 }, AAAAAAA2: { DE: 45 } });
    }),
    http.get('*/v2/analytics/countries/views', ({ request }) => {
      record(request);
      return HttpResponse.json({ AAAAAAA1: { FR: 5000 }, AAAAAAA2: {} });
    }),
    http.get('*/v2/analytics/sources/downloads', ({ request }) => {
      record(request);
      return HttpResponse.json({
        AAAAAAA1: { CairnApp: 800, website: 400, unknown: 200, 'lodestone/desktop': 60, CobbleLauncher: 40 },
        AAAAAAA2: { website: 30, CobbleLauncher: 10, packsync: 4, HearthLauncher: 1 },
      });
    }),
  );
  return { user, seen };
}

const tile = (name: RegExp) => screen.getByRole('button', { name });
// The first page of a run transforms the route modules: allow for a busy machine.
const pageReady = () => screen.findByRole('table', { name: /per period/ }, { timeout: 15_000 });

afterEach(() => vi.restoreAllMocks());

describe('analytics in German', () => {
  // The page areas' messages are shared by the module: the next tests read English again.
  afterEach(() => switchMessageAreas(DEFAULT_LOCALE));

  it('writes counts, money and dates the German way', async () => {
    document.cookie = 'cairn-locale=de-DE; Path=/';
    serveAnalytics();
    renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    const table = await screen.findByRole('table', { name: /Downloads pro Zeitabschnitt/ }, { timeout: 15_000 });
    await vi.waitFor(() => expect(tile(/^Einnahmen/)).toHaveTextContent(/12,34\s\$/));
    expect(tile(/^Downloads/)).toHaveTextContent('1.545');
    expect(tile(/^Aufrufe/)).toHaveTextContent('5.000');
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toContain('1.200');
    const periods = within(table).getAllByRole('rowheader').map((h) => h.textContent);
    expect(periods).toHaveLength(31);
    for (const period of periods) expect(period).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  }, 60_000);
});

describe('analytics', () => {
  it('shows tiles, the data table, the legend and the regions for all own projects', async () => {
    const { seen } = serveAnalytics();
    const { container } = renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    expect(screen.getByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    await vi.waitFor(() => expect(tile(/^Revenue/)).toHaveTextContent('$12.34'));
    expect(tile(/^Downloads/)).toHaveTextContent('1,545');
    expect(tile(/^Downloads/)).toHaveAttribute('aria-pressed', 'true');
    expect(tile(/^Views/)).toHaveTextContent('5,000');

    const downloads = seen.find((s) => s.path === '/v2/analytics/downloads')!;
    expect(JSON.parse(downloads.params.get('project_ids')!)).toEqual(['AAAAAAA1', 'AAAAAAA2']);
    expect(downloads.params.get('resolution_minutes')).toBe('1440');
    const start = Date.parse(downloads.params.get('start_date')!);
    expect(start % (DAY * 1000)).toBe(0);
    expect(Date.parse(downloads.params.get('end_date')!) - start).toBeGreaterThanOrEqual(30 * DAY * 1000);
    expect(Date.parse(downloads.params.get('end_date')!) - start).toBeLessThan(31 * DAY * 1000);

    // The table alternative: hidden visually until asked for, always in the accessibility tree.
    const table = screen.getByRole('table', { name: /Downloads per period, Previous 30 days/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period starting', 'Beacon', 'Anvil', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(32);
    expect(within(table).getAllByRole('cell').map((c) => c.textContent)).toContain('1,200');

    const regions = within(screen.getByRole('region', { name: 'Downloads by region' }));
    expect(regions.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Germany', 'United States']);
    expect(regions.getByText('945').closest('tr')).toHaveTextContent('61.2%');

    const nav = within(screen.getByRole('navigation', { name: 'Dashboard' }));
    expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(container);
  }, 60_000);

  it('breaks the downloads down by source: a bar of the shares and a table of the numbers', async () => {
    const { seen } = serveAnalytics();
    const { user, container } = renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    const section = await screen.findByRole('region', { name: 'Downloads by source' });
    await expectNoAxeViolations(container);
    const sources = within(section);
    expect(sources.getByRole('heading', { level: 2, name: 'Downloads by source' })).toBeInTheDocument();
    // Launchers keep their own names; the website and unidentified clients are words of the page.
    expect(sources.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['CairnApp', 'Cairn website', 'Unknown', 'lodestone/desktop', 'CobbleLauncher', 'packsync', 'HearthLauncher']);
    expect(sources.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Source', 'Downloads', 'Share']);
    expect(sources.getByText('430').closest('tr')).toHaveTextContent('27.8%');
    const request = seen.find((s) => s.path === '/v2/analytics/sources/downloads')!;
    expect(JSON.parse(request.params.get('project_ids')!)).toEqual(['AAAAAAA1', 'AAAAAAA2']);
    expect(request.params.get('resolution_minutes')).toBe('1440');

    // The bar is the picture (hidden from screen readers, who have the table): five named sources in colours of
    // their own, Unknown in grey, the rest as one slice; each row's key has its slice's colour.
    const bar = section.querySelector('[aria-hidden="true"][class*="stack"]')!;
    const slices = [...bar.children] as HTMLElement[];
    expect(slices.map((slice) => slice.title)).toEqual([
      'CairnApp: 51.8%',
      'Cairn website: 27.8%',
      'Unknown: 12.9%',
      'lodestone/desktop: 3.9%',
      'CobbleLauncher: 3.2%',
      'packsync: 0.3%',
      '1 other source: 0.1%',
    ]);
    expect(slices[2]!.style.background).toBe('var(--color-text-muted)');
    const swatch = (name: string) => (sources.getByRole('rowheader', { name }).querySelector('[aria-hidden="true"]') as HTMLElement).style.background;
    expect(swatch('CairnApp')).toBe(slices[0]!.style.background);
    expect(swatch('packsync')).toBe(slices[5]!.style.background);
    expect(swatch('HearthLauncher')).toBe(slices[6]!.style.background);
    expect(new Set(slices.map((slice) => slice.style.background)).size).toBe(7);

    // Hiding a project leaves its downloads out; views have no source, so the breakdown goes with downloads.
    await user.click(within(screen.getByRole('group', { name: 'Projects in the chart' })).getByRole('button', { name: 'Beacon' }));
    expect(sources.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Cairn website', 'CobbleLauncher', 'packsync', 'HearthLauncher']);
    expect(sources.getByText('30').closest('tr')).toHaveTextContent('66.7%');
    await user.click(tile(/^Views/));
    expect(await screen.findByRole('region', { name: 'Views by region' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Downloads by source' })).toBeNull();
  });

  it('says so when no download has a source in the range', async () => {
    serveAnalytics();
    server.use(http.get('*/v2/analytics/sources/downloads', () => HttpResponse.json({ AAAAAAA1: {}, AAAAAAA2: {} })));
    renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    const sources = within(await screen.findByRole('region', { name: 'Downloads by source' }));
    expect(sources.getByText('Nothing recorded in this period.')).toBeInTheDocument();
    expect(sources.queryByRole('table')).toBeNull();
  });

  it('asks again with the bucket size of a new range, and shows the table on request', async () => {
    const { seen } = serveAnalytics();
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    await user.selectOptions(screen.getByLabelText('Time range'), 'previous7Days');
    await vi.waitFor(() => expect(seen.some((s) => s.path === '/v2/analytics/downloads' && s.params.get('resolution_minutes') === '360')).toBe(true));
    const request = seen.findLast((s) => s.path === '/v2/analytics/views')!;
    expect(request.params.get('resolution_minutes')).toBe('360');
    const span = Date.parse(request.params.get('end_date')!) - Date.parse(request.params.get('start_date')!);
    expect(span).toBeGreaterThanOrEqual(7 * DAY * 1000);
    expect(span).toBeLessThan(7 * DAY * 1000 + 6 * 3_600_000);
    expect(await screen.findByRole('table', { name: /Downloads per period, Previous 7 days/ })).toBeInTheDocument();
    expect(screen.getByText('Every 6 hours totals, times in UTC.')).toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('hides a project from the tiles, table and CSV when its legend entry is toggled, and exports the rest', async () => {
    serveAnalytics();
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:analytics';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    await vi.waitFor(() => expect(tile(/^Downloads/)).toHaveTextContent('1,545'));

    const legend = within(screen.getByRole('group', { name: 'Projects in the chart' }));
    const beacon = legend.getByRole('button', { name: 'Beacon' });
    expect(beacon).toHaveAttribute('aria-pressed', 'true');
    await user.click(beacon);
    expect(beacon).toHaveAttribute('aria-pressed', 'false');
    expect(tile(/^Downloads/)).toHaveTextContent('45');
    const table = screen.getByRole('table', { name: /Downloads per period/ });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Period starting', 'Anvil']);

    await user.click(screen.getByRole('button', { name: 'Download this data as CSV' }));
    expect(click).toHaveBeenCalledTimes(1);
    const csv = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe('time,Anvil');
    expect(rows).toHaveLength(32);
    expect(rows).toContain(`${new Date(Number(at(1)) * 1000).toISOString()},45`);

    // Back on, and the revenue tile charts revenue.
    await user.click(beacon);
    await user.click(tile(/^Revenue/));
    expect(screen.getByRole('table', { name: /Revenue per period/ })).toHaveTextContent('$12.34');
  });

  it('charts the projects reached through an organization too, marked with it in the legend', async () => {
    const { seen } = serveAnalytics();
    server.use(
      http.get('*/v2/user/:id/organizations', () =>
        HttpResponse.json([
          {
            id: 'OrGlamps',
            slug: 'lamplighters',
            name: 'Lamplighters',
            team_id: 'OrGtEaM1',
            description: 'We make lights.',
            icon_url: null,
            color: null,
            members: [buildTeamMember({ team_id: 'OrGtEaM1', role: 'Member', permissions: PROJECT_PERMISSIONS.VIEW_ANALYTICS, organization_permissions: 0 })],
          },
        ]),
      ),
      http.get('*/v2/organization/:id/projects', () => HttpResponse.json([buildProject({ id: 'AAAAAAA3', slug: 'cinder', title: 'Cinder', organization: 'OrGlamps' })])),
      http.get('*/v2/analytics/downloads', ({ request }) => {
        const url = new URL(request.url);
        seen.push({ path: url.pathname, params: url.searchParams });
        return HttpResponse.json({ AAAAAAA1: { [at(1)]: 300 }, AAAAAAA2: { [at(1)]: 45 }, AAAAAAA3: { [at(1)]: 55 } });
      }),
    );
    renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    const downloads = seen.find((s) => s.path === '/v2/analytics/downloads')!;
    expect(JSON.parse(downloads.params.get('project_ids')!)).toEqual(['AAAAAAA1', 'AAAAAAA2', 'AAAAAAA3']);
    await vi.waitFor(() => expect(tile(/^Downloads/)).toHaveTextContent('400'));
    const legend = within(screen.getByRole('group', { name: 'Projects in the chart' }));
    const cinder = legend.getByRole('button', { name: 'Cinder, managed by Lamplighters' });
    expect(cinder).toHaveTextContent('Lamplighters');
    expect(legend.getByRole('button', { name: 'Beacon' })).toBeInTheDocument();
  });

  it.each([
    ['the revenue route answers 404', 'missing' as const],
    ['the revenue answer omits every project', 'omitted' as const],
  ])('leaves the revenue tile out when %s', async (_, revenue) => {
    const { seen } = serveAnalytics({ revenue });
    renderRoute(createAppRoutes, { path: '/dashboard/analytics' });
    await pageReady();
    await vi.waitFor(() => expect(tile(/^Downloads/)).toHaveTextContent('1,545'));
    await vi.waitFor(() => expect(seen.some((s) => s.path === '/v2/analytics/revenue')).toBe(true));
    const tiles = within(screen.getByRole('group', { name: 'Metric' }));
    expect(tiles.getAllByRole('button').map((b) => b.firstChild?.textContent)).toEqual(['Downloads', 'Views']);
  });
});

describe('project analytics settings', () => {
  function serveMember(permissions: number) {
    const { seen } = serveAnalytics();
    server.use(http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember({ role: 'Member', permissions })])));
    return seen;
  }

  it('lists Analytics under View for members with VIEW_ANALYTICS and charts only this project', async () => {
    const seen = serveMember(PROJECT_PERMISSIONS.VIEW_ANALYTICS);
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/analytics' });
    await pageReady();
    const nav = within(screen.getByRole('navigation', { name: 'Project settings' }));
    expect(nav.getByRole('heading', { name: 'View' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Analytics' })).toHaveAttribute('aria-current', 'page');
    const request = seen.find((s) => s.path === '/v2/analytics/downloads')!;
    expect(JSON.parse(request.params.get('project_ids')!)).toHaveLength(1);
  });

  it('hides the entry from members without VIEW_ANALYTICS, and tells them so on the page rather than "Project not found"', async () => {
    const seen = serveMember(PROJECT_PERMISSIONS.UPLOAD_VERSION);
    server.use(http.get('*/v2/tag/donation_platform', () => HttpResponse.json([])));
    const { unmount } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/links' });
    const nav = within(await screen.findByRole('navigation', { name: 'Project settings' }, { timeout: 15_000 }));
    expect(nav.queryByRole('link', { name: 'Analytics' })).toBeNull();
    unmount();
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/settings/analytics' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' }, { timeout: 15_000 })).toBeInTheDocument();
    const note = within(screen.getByRole('note'));
    expect(note.getByText("You don't have access to this project's analytics.")).toBeInTheDocument();
    expect(note.getByText(/It takes the “View analytics” permission\. Your role on this project's team does not include it/)).toBeInTheDocument();
    expect(screen.queryByText('Project not found')).toBeNull();
    expect(seen.some((s) => s.path.startsWith('/v2/analytics/'))).toBe(false);
  });
});
