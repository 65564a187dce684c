import { ALL_PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import type { ReviewCheck } from '@cairn/shared/schemas/review-checks';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { jsonBody, signIn } from '../../testing/account';
import { expectNoAxeViolations } from '../../testing/axe';
import { buildProject, buildReviewChecks, buildTeamMember } from '../../testing/mocks/catalogue';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

const draft = buildProject({
  status: 'draft',
  body: '',
  icon_url: null,
  gallery: [],
  categories: [],
  issues_url: null,
  donation_urls: [],
  license: { id: 'LicenseRef-Unknown', name: 'Unknown', url: null },
});

/** The signed-in user's row on the team. */
function ember(overrides: Partial<Omit<TeamMember, 'user'>> = {}): TeamMember {
  return buildTeamMember({ role: 'Member', ...overrides, user: { ...buildTeamMember().user, id: 'MeMb0001', username: 'ember' } });
}

function serveProject(project: typeof draft, member = ember()) {
  server.use(
    http.get('*/v2/project/:id', () => HttpResponse.json(project)),
    http.get('*/v2/project/:id/members', () => HttpResponse.json([buildTeamMember(), member])),
  );
}

describe('project page for its team', () => {
  it('shows a member the publishing checklist, each item linking to where it is fixed, with submission blocked', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    serveProject(draft);
    const { container } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    // The first page load of the file also compiles the project page: allow for a busy machine.
    const checklist = within(await screen.findByRole('region', { name: 'Publishing checklist' }, { timeout: 15_000 }));
    // The catalogue project has versions, so tags are asked for too.
    expect(checklist.getByText('Progress: 2 of 9')).toBeInTheDocument();
    expect(checklist.getByRole('link', { name: 'Edit the description' })).toHaveAttribute('href', '/mod/lanternlight/settings/description');
    expect(checklist.getByRole('link', { name: 'Choose a license' })).toHaveAttribute('href', '/mod/lanternlight/settings/license');
    expect(checklist.getByRole('link', { name: 'Choose an icon' })).toHaveAttribute('href', '/mod/lanternlight/settings');
    expect(checklist.getByRole('link', { name: 'Open the gallery' })).toHaveAttribute('href', '/mod/lanternlight/gallery');
    expect(checklist.queryByRole('link', { name: 'Go to versions' })).not.toBeInTheDocument();
    expect(checklist.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(screen.getByRole('navigation', { name: 'Project team' })).toContainElement(screen.getByRole('link', { name: 'Settings' }));
    await expectNoAxeViolations(container);
  });

  it('submits a ready project for review, then shows it under review', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    let project = { ...draft, body: 'Lanterns for every cave.', license: { id: 'MIT', name: 'MIT License', url: null } };
    serveProject(project);
    const patches: Record<string, unknown>[] = [];
    server.use(
      http.get('*/v2/project/:id', () => HttpResponse.json(project)),
      http.patch('*/v2/project/:id', async ({ request }) => {
        patches.push(await jsonBody(request));
        project = { ...project, status: 'processing' };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const checklist = within(await screen.findByRole('region', { name: 'Publishing checklist' }));
    // The button waits for the pre-checks, which all pass here.
    await waitFor(() => expect(checklist.getByRole('button', { name: 'Submit for review' })).toBeEnabled());
    await user.click(checklist.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeInTheDocument();
    expect(patches).toEqual([{ status: 'processing' }]);
    expect(await screen.findByText('Project submitted for review')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Publishing checklist' })).not.toBeInTheDocument();
  });

  it('shows the pre-checks before submitting: a failed one blocks with a link to fix it, a warning does not', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    const project = { ...draft, body: 'Lanterns for every cave.', license: { id: 'MIT', name: 'MIT License', url: null } };
    // Those who may edit the details (and so submit) see the pre-checks.
    serveProject(project, ember({ permissions: ALL_PROJECT_PERMISSIONS }));
    const description: Partial<ReviewCheck> = { status: 'fail', reason: 'too_short', values: { length: 24, minimum: 200 }, fix: { kind: 'settings', section: 'description', field: 'body' } };
    const gallery: Partial<ReviewCheck> = {
      status: 'warn',
      reason: 'missing_alt',
      values: { missing: 1, total: 1 },
      items: [{ subject: 'https://cdn.example/a.webp', version_id: null, field: null, declared: [], found: [], fix: { kind: 'gallery' } }],
      item_count: 1,
      fix: { kind: 'gallery' },
    };
    let checks = buildReviewChecks(project.id, { description, gallery_alt_text: gallery });
    server.use(http.get('*/v2/project/:id/review_checks', () => HttpResponse.json(checks)));
    const { container, queryClient } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const preChecks = within(await screen.findByRole('region', { name: 'Pre-checks' }));
    expect(preChecks.getByText('1 to fix, 1 warning, 5 passed.')).toBeInTheDocument();
    const failed = within(preChecks.getByRole('heading', { name: 'Description Must fix' }).closest('li')!);
    expect(failed.getByText(/has 24 characters of text; at least 200/)).toBeInTheDocument();
    expect(failed.getByRole('link', { name: 'Open the description settings' })).toHaveAttribute('href', '/mod/lanternlight/settings/description');
    expect(preChecks.getByRole('heading', { name: 'Gallery alt text Warning' })).toBeInTheDocument();
    expect(preChecks.getByRole('heading', { name: 'License Passed' })).toBeInTheDocument();
    const checklist = within(screen.getByRole('region', { name: 'Publishing checklist' }));
    expect(checklist.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(checklist.getByText('Fix the failed pre-checks to submit the project for review.')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    // Fixed: once the checks run again only the warning is left, and warnings do not block.
    checks = buildReviewChecks(project.id, { gallery_alt_text: gallery });
    await queryClient.invalidateQueries({ queryKey: ['review-checks'] });
    await waitFor(() => expect(checklist.getByRole('button', { name: 'Submit for review' })).toBeEnabled());
  });

  it('shows visitors and other users nothing of it', async () => {
    signIn({ id: 'OtHe0001', username: 'someone' });
    serveProject(draft);
    renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    await screen.findByRole('heading', { level: 1, name: 'Lanternlight' });
    expect(screen.queryByRole('region', { name: 'Publishing checklist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Project team' })).not.toBeInTheDocument();
  });

  it('lets an invited user accept the invitation', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    let accepted = false;
    server.use(
      http.get('*/v2/project/:id/members', () =>
        HttpResponse.json([buildTeamMember(), ember({ role: 'Artist', accepted })]),
      ),
      http.post('*/v2/team/:id/join', ({ params }) => {
        accepted = params.id === 'TeAm0001';
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const invite = within(await screen.findByRole('region', { name: 'Invitation to join this project' }));
    expect(invite.getByText('You have been invited to the team of Lanternlight as Artist.')).toBeInTheDocument();
    await user.click(invite.getByRole('button', { name: 'Accept' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation to join this project' })).not.toBeInTheDocument());
    expect(accepted).toBe(true);
    expect(screen.getByText('You joined the project')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Project team' })).toBeInTheDocument();
  });

  it('lets an invited user decline the invitation', async () => {
    signIn({ id: 'MeMb0001', username: 'ember' });
    let declined = '';
    const pending = ember({ accepted: false, role: 'Member' });
    server.use(
      http.get('*/v2/project/:id/members', () =>
        HttpResponse.json(declined ? [buildTeamMember()] : [buildTeamMember(), pending]),
      ),
      http.delete('*/v2/team/:team/members/:user', ({ params }) => {
        declined = `${String(params.team)}/${String(params.user)}`;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/mod/lanternlight' });
    const invite = within(await screen.findByRole('region', { name: 'Invitation to join this project' }));
    await user.click(invite.getByRole('button', { name: 'Decline' }));
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Invitation to join this project' })).not.toBeInTheDocument());
    expect(declined).toBe('TeAm0001/MeMb0001');
    expect(screen.getByText('Invitation declined')).toBeInTheDocument();
  });
});
