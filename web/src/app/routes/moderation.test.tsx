import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModerationQueueProject } from '@cairn/shared/schemas/moderation';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildUser } from '../../testing/mocks/factories';
import { buildProject } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const queued = (overrides: Partial<ModerationQueueProject> = {}): ModerationQueueProject => ({
  id: 'QuEu0001',
  slug: 'ember-pack',
  name: 'Ember Pack',
  summary: 'Warm lights.',
  icon_url: null,
  status: 'processing',
  requested_status: 'approved',
  queued: new Date(Date.now() - 30 * 3_600_000).toISOString(),
  published: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  project_types: ['modpack'],
  ownership: { type: 'user', id: 'UsEr0001', name: 'carol', icon_url: null },
  ...overrides,
});

afterEach(() => localStorage.clear());

describe('staff pages', () => {
  it('show the 404 page to members who are not staff', async () => {
    signIn({ role: 'developer' });
    renderRoute(createAppRoutes, { path: '/moderation/review' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('keep the e-mail lookup for admins', async () => {
    signIn({ role: 'moderator' });
    renderRoute(createAppRoutes, { path: '/admin/user_email' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('review queue', () => {
  it('lists waiting projects and sends the filters to the API', async () => {
    signIn({ role: 'moderator' });
    const requests: URLSearchParams[] = [];
    server.use(
      http.get('*/v2/moderation/projects', ({ request }) => {
        const search = new URL(request.url).searchParams;
        requests.push(search);
        return HttpResponse.json({ total: 1, projects: [queued({ summary_translations: [{ language: 'de-DE', summary: 'Glut' }, { language: 'fr-FR', summary: 'Braise' }] })] });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/moderation/review' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ember Pack' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('There is 1 project in the queue.')).toBeInTheDocument();
    expect(screen.getByText(/Waiting over a day/)).toBeInTheDocument();
    expect(screen.getByText('Also written in German (Germany) and French (France) — every translation is part of the review')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review: Ember Pack' })).toHaveAttribute('href', '/modpack/ember-pack?review=1');
    expect(requests.at(-1)?.get('sort')).toBe('oldest');

    await user.selectOptions(screen.getByLabelText('Order'), 'newest');
    await expect.poll(() => requests.at(-1)?.get('sort')).toBe('newest');
    await user.selectOptions(screen.getByLabelText('Project type'), 'modpack');
    await expect.poll(() => requests.at(-1)?.get('project_type')).toBe('modpack');
    await user.type(screen.getByRole('searchbox', { name: 'Search the queue' }), 'ember');
    await user.click(screen.getByRole('button', { name: 'Search the queue' }));
    await expect.poll(() => requests.at(-1)?.toString()).toContain('query=ember');
    const last = requests.at(-1)!;
    expect([last.get('sort'), last.get('project_type'), last.get('count')]).toEqual(['newest', 'modpack', '20']);
    const nav = within(screen.getByRole('navigation', { name: 'Moderation' }));
    expect(nav.getByRole('link', { name: 'Reports' })).toHaveAttribute('href', '/moderation/reports');
    await expectNoAxeViolations(container);
  });
});

describe('review checklist', () => {
  it('takes the lock, writes the reply from the marked issues and rejects with it', async () => {
    signIn({ role: 'moderator' });
    let patched: Record<string, unknown> | undefined;
    let posted: { thread: string; body: unknown } | undefined;
    server.use(
      http.post('*/v2/thread/:id', async ({ request, params }) => {
        posted = { thread: String(params.id), body: await jsonBody(request) };
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/v2/moderation/lock/:project', () =>
        HttpResponse.json({
          success: true, is_own_lock: true, expired: false, locked_by: { id: 'MoDe0001', username: 'alice', avatar_url: null },
          locked_at: new Date().toISOString(), expires_at: new Date(Date.now() + 900_000).toISOString(),
        }),
      ),
      http.patch('*/v2/project/:id', async ({ request }) => {
        patched = await jsonBody(request);
        return new HttpResponse(null, { status: 204 });
      }),
      http.get('*/v2/moderation/projects', () => HttpResponse.json({ total: 0, projects: [] })),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight?review=1' });
    const panel = await screen.findByRole('complementary', { name: 'Review checklist' }, { timeout: 15_000 });
    expect(await within(panel).findByText(/You are reviewing this project/)).toBeInTheDocument();
    expect(within(panel).getByText('11 stages left.')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Name carries extra information' }));
    expect(within(panel).getByRole('button', { name: 'Name carries extra information' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Next' }));
    await user.keyboard('{ArrowRight}');
    expect(within(panel).getByText('Stage 3 of 11: Description')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Description is insufficient' }));
    // Progress survives a reload of the panel: it is kept per project.
    expect(localStorage.getItem('cairn-moderation-checklist:PrOj0001')).toContain('descriptionShort');

    await user.keyboard('{Control>}{Shift>}e{/Shift}{/Control}');
    const message = within(panel).getByRole('textbox', { name: 'Message to the team (markdown)' });
    expect((message as HTMLTextAreaElement).value).toMatch(/^## Name and URL\n\nThe project's name should be its name alone\./);
    expect((message as HTMLTextAreaElement).value).toContain('## Description\n\nThe description needs to explain');
    expect(within(panel).getByText('Suggested: rejected')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Reject' }));
    await expect.poll(() => patched).toBeDefined();
    expect(patched).toMatchObject({ status: 'rejected', moderation_message: 'Changes are needed before this project can be published.' });
    expect(String(patched!.moderation_message_body)).toContain('## Description');
    expect(await screen.findByText('Moderation decision saved')).toBeInTheDocument();
    // The reply goes to the project's thread too, where the team reads it.
    expect(posted?.thread).toBe(buildProject().thread_id);
    expect(posted?.body).toMatchObject({ body: { type: 'text', body: expect.stringContaining('## Description') } });
    expect(localStorage.getItem('cairn-moderation-checklist:PrOj0001')).toBeNull();
  });

  it("shows who holds another moderator's lock and lets admins take it over", async () => {
    signIn({ role: 'admin' });
    let overrides = 0;
    const answer = (mine: boolean) =>
      HttpResponse.json({
        success: mine, is_own_lock: mine, expired: false, locked_by: mine ? { id: 'AdMi0001', username: 'alice', avatar_url: null } : { id: 'MoDe0002', username: 'bob', avatar_url: null },
        locked_at: new Date().toISOString(), expires_at: new Date(Date.now() + 900_000).toISOString(),
      });
    server.use(
      http.post('*/v2/moderation/lock/:project', () => answer(false)),
      http.post('*/v2/moderation/lock/:project/override', () => {
        overrides += 1;
        return answer(true);
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight?review=1' });
    expect(await screen.findByText(/bob is reviewing this project/, {}, { timeout: 15_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take over the review' }));
    expect(await screen.findByText(/You are reviewing this project/)).toBeInTheDocument();
    expect(overrides).toBe(1);
  });

  it('is not shown to visitors', async () => {
    renderRoute(createAppRoutes, { path: '/mod/lanternlight?review=1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Lanternlight' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Review checklist' })).toBeNull();
  });
});

describe('decisions log and e-mail lookup', () => {
  it('lists public decisions with links to the projects', async () => {
    server.use(
      http.get('*/v2/moderation/log', () =>
        HttpResponse.json({
          total: 1,
          entries: [{ item_type: 'project', item_id: 'PrOj0001', item_name: 'Lanternlight', item_slug: 'lanternlight', decision: 'approved', reason: null, date: '2026-01-02T00:00:00.000Z' }],
        }),
      ),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/moderation/log' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Moderation decisions' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lanternlight' })).toHaveAttribute('href', '/project/PrOj0001');
    expect(screen.getByText(': approved', { exact: false })).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('finds an account by e-mail for admins', async () => {
    signIn({ role: 'admin' });
    const found = buildUser({ id: 'UsEr0009', username: 'dana', email: 'dana@example.test' });
    server.use(
      http.get('*/v2/user_email', ({ request }) =>
        new URL(request.url).searchParams.get('email') === 'dana@example.test'
          ? HttpResponse.json(found)
          : HttpResponse.json({ error: 'not_found', description: 'No user has this email address' }, { status: 404 }),
      ),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/admin/user_email' });
    await user.type(await screen.findByRole('textbox', { name: 'Email address' }, { timeout: 15_000 }), 'nobody@example.test');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByText('No account uses this email address.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Email address' }));
    await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'dana@example.test');
    await user.click(screen.getByRole('button', { name: 'Find account' }));
    expect(await screen.findByRole('link', { name: "Open dana's profile" })).toHaveAttribute('href', '/user/dana');
  });
});
