import type { Report } from '@cairn/shared/schemas/reports';
import type { Thread } from '@cairn/shared/schemas/threads';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildTeamMember, buildUser } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const REASONS = ['spam', 'copyright', 'inappropriate', 'malicious', 'name-squatting', 'poor-description', 'invalid-metadata', 'other'];
const CREATED = '2026-03-01T10:00:00.000Z';

function buildReport(overrides: Partial<Report> = {}): Report {
  return { id: 'RePo0001', report_type: 'spam', item_id: 'PrOj0001', item_type: 'project', body: 'Same jar in every version.', reporter: 'UsEr0009', created: CREATED, closed: false, thread_id: 'ThRe0001', ...overrides };
}

function buildThread(overrides: Partial<Thread> = {}): Thread {
  return { id: 'ThRe0001', type: 'report', project_id: null, report_id: 'RePo0001', messages: [], members: [], ...overrides };
}

function serveReports(mine: Report[]) {
  server.use(
    http.get('*/v2/tag/report_type', () => HttpResponse.json(REASONS)),
    http.get('*/v2/report', () => HttpResponse.json(mine)),
  );
}

describe('/report', () => {
  it('reports the project named in the address and opens the new report', async () => {
    signIn({ id: 'UsEr0009', username: 'fan' });
    serveReports([]);
    const posted: Record<string, unknown>[] = [];
    server.use(
      http.post('*/v2/report', async ({ request }) => {
        posted.push(await jsonBody(request));
        return HttpResponse.json(buildReport());
      }),
      http.get('*/v2/report/:id', () => HttpResponse.json(buildReport())),
      http.get('*/v2/thread/:id', () => HttpResponse.json(buildThread())),
    );
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/report?item=project&itemID=lanternlight' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Report Lanternlight to moderators' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText(/Project: Lanternlight/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Malicious' }));
    expect(screen.getByText(/A virus scanner's verdict alone is not enough/)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Spam' }));
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: 'Submit report' }));
    expect(await screen.findByText('Explain what is wrong.')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await user.type(screen.getByLabelText('What is wrong?'), 'Same jar in every version.');
    await user.click(screen.getByRole('button', { name: 'Submit report' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/report/RePo0001'), { timeout: 10_000 });
    expect(posted).toEqual([{ report_type: 'spam', item_type: 'project', item_id: 'PrOj0001', body: 'Same jar in every version.' }]);
    expect(await screen.findByRole('heading', { name: 'Report details' })).toBeInTheDocument();
  });

  it('takes a pasted link to a user profile, and says so when nothing is there', async () => {
    signIn({ id: 'UsEr0009', username: 'fan' });
    serveReports([]);
    server.use(http.get('*/v2/user/:id', ({ params }) => (params.id === 'Tinkerwren' ? HttpResponse.json(buildUser()) : HttpResponse.json({ error: 'not_found', description: 'No user' }, { status: 404 }))));
    const { user } = renderRoute(createAppRoutes, { path: '/report' });
    const field = await screen.findByLabelText('ID or link', {}, { timeout: 15_000 });
    await user.type(field, 'https://cairn.example/user/Tinkerwren');
    await user.tab();
    expect(await screen.findByText(/User: Tinkerwren/, {}, { timeout: 10_000 })).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '/user/nobody');
    await user.tab();
    expect(await screen.findByText('User not found: check the ID or link.', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('tells a user who already has an open report of the item where to add details', async () => {
    signIn({ id: 'UsEr0009', username: 'fan' });
    serveReports([buildReport()]);
    renderRoute(createAppRoutes, { path: '/report?item=project&itemID=PrOj0001' });
    expect(await screen.findByRole('heading', { level: 1, name: "You've already reported Lanternlight" }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your report' })).toHaveAttribute('href', '/dashboard/report/RePo0001');
    expect(screen.getByRole('link', { name: 'Back to Lanternlight' })).toHaveAttribute('href', '/project/PrOj0001');
  });
});

describe('report pages', () => {
  it("show the reporter the moderators' reply without their name, and no reply box once closed", async () => {
    signIn({ id: 'UsEr0009', username: 'fan' });
    serveReports([]);
    const thread = buildThread({
      messages: [
        { id: 'MeSs0001', author_id: null, created: CREATED, body: { type: 'text', body: 'Thanks, we removed it.', private: false, replying_to: null, associated_images: [] } },
        { id: 'MeSs0002', author_id: null, created: CREATED, body: { type: 'thread_closure' } },
      ],
    });
    server.use(
      http.get('*/v2/report/:id', () => HttpResponse.json(buildReport({ closed: true }))),
      http.get('*/v2/thread/:id', () => HttpResponse.json(thread)),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/dashboard/report/RePo0001' });
    const messages = within(await screen.findByRole('list', { name: 'Messages' }, { timeout: 15_000 }));
    expect(messages.getByText('Moderator')).toBeInTheDocument();
    expect(messages.getByText('Thanks, we removed it.')).toBeInTheDocument();
    expect(messages.getByText(/The thread was closed/)).toBeInTheDocument();
    expect(screen.getByText(/This report is closed/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your message')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reopen report' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('are the 404 page for non-staff under /moderation', async () => {
    signIn({ role: 'developer' });
    server.use(http.get('*/v2/thread/:id', () => HttpResponse.json(buildThread())));
    renderRoute(createAppRoutes, { path: '/moderation/reports' });
    expect(await screen.findByText('Page not found', {}, { timeout: 15_000 })).toBeInTheDocument();
  });

  it('let moderators list open reports, post a private note and close a report', async () => {
    signIn({ id: 'MoDe0001', username: 'warden', role: 'moderator' });
    serveReports([buildReport()]);
    let report = buildReport();
    const sent: Record<string, unknown>[] = [];
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get('*/v2/report/:id', () => HttpResponse.json(report)),
      http.get('*/v2/thread/:id', () => HttpResponse.json(buildThread())),
      http.post('*/v2/thread/:id', async ({ request }) => {
        sent.push(await jsonBody(request));
        return HttpResponse.json(buildThread());
      }),
      http.patch('*/v2/report/:id', async ({ request }) => {
        patches.push(await jsonBody(request));
        report = { ...report, closed: true };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/moderation/reports' });
    await user.click(await screen.findByRole('link', { name: 'Project Lanternlight' }, { timeout: 15_000 }));
    await user.type(await screen.findByLabelText('Your message'), 'Checked the jar myself.');
    await user.click(screen.getByRole('checkbox', { name: 'Private note' }));
    await user.click(screen.getByRole('button', { name: 'Add private note' }));
    await vi.waitFor(() => expect(sent).toEqual([{ body: { type: 'text', body: 'Checked the jar myself.', private: true } }]));
    await user.click(screen.getByRole('button', { name: 'Close report' }));
    expect(await screen.findByRole('button', { name: 'Reopen report' })).toBeInTheDocument();
    expect(patches).toEqual([{ closed: true }]);
  });
});

describe('project Moderation tab', () => {
  it('explains a rejection to the team and resubmits with a reply', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    let project = buildProject({ status: 'rejected' });
    const member = buildTeamMember({ role: 'Member', user: { ...buildTeamMember().user, id: 'MeMb0001', username: 'ember' } });
    const thread = buildThread({
      id: project.thread_id,
      type: 'project',
      project_id: project.id,
      report_id: null,
      messages: [
        { id: 'MeSs0001', author_id: null, created: CREATED, body: { type: 'status_change', old_status: 'processing', new_status: 'rejected' } },
        { id: 'MeSs0002', author_id: null, created: CREATED, body: { type: 'text', body: 'Please describe the mod.', private: false, replying_to: null, associated_images: [] } },
      ],
    });
    const sent: Record<string, unknown>[] = [];
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get('*/v2/project/:id', () => HttpResponse.json(project)),
      http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember(), member])),
      http.get('*/v2/thread/:id', () => HttpResponse.json(thread)),
      http.post('*/v2/thread/:id', async ({ request }) => {
        sent.push(await jsonBody(request));
        return HttpResponse.json(thread);
      }),
      http.patch('*/v2/project/:id', async ({ request }) => {
        patches.push(await jsonBody(request));
        project = { ...project, status: 'processing' };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight/moderation' });
    expect(await screen.findByRole('heading', { name: 'Project status: Rejected' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moderation' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('Listed in search results: no')).toBeInTheDocument();
    expect(screen.getByText(/Status changed from Under review to Rejected/)).toBeInTheDocument();
    await expectNoAxeViolations(container);

    const panel = within(screen.getByRole('region', { name: 'Resubmit for review' }));
    await user.type(panel.getByLabelText('Reply to the moderators (optional)'), 'Added a description.');
    expect(panel.getByRole('button', { name: 'Resubmit with reply' })).toBeDisabled();
    await user.click(panel.getByRole('checkbox'));
    await user.click(panel.getByRole('button', { name: 'Resubmit with reply' }));
    expect(await screen.findByRole('heading', { name: 'Project status: Under review' })).toBeInTheDocument();
    expect(sent).toEqual([{ body: { type: 'text', body: 'Added a description.' } }]);
    expect(patches).toEqual([{ status: 'processing' }]);
  });

  it('is the 404 page for people outside the team', async () => {
    signIn({ id: 'OtHe0001', username: 'someone' });
    renderRoute(createAppRoutes, { path: '/mod/lanternlight/moderation' });
    expect(await screen.findByText('Project not found', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
  });
});
