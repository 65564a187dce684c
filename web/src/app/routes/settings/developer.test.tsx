import { scopeBits } from '@cairn/shared/constants/scopes';
import type { OAuthClient } from '@cairn/shared/schemas/oauth';
import type { Pat } from '@cairn/shared/schemas/pats';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { jsonBody, signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildOAuthAuthorization, buildOAuthClient, buildPat, buildUser } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

/** Types into a field as one paste: the form is checked on submit, so per-key typing only adds time. */
async function fill(user: ReturnType<typeof renderRoute>['user'], field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

describe('personal access tokens', () => {
  it('lists tokens with last use and expiry in words', async () => {
    signIn();
    server.use(
      http.get('*/v2/pat', () =>
        HttpResponse.json([
          buildPat({ id: 'PaT00001', name: 'Deploy script', last_used: null, expires: '2099-01-01T00:00:00.000Z' }),
          buildPat({ id: 'PaT00002', name: 'Old laptop', last_used: '2020-01-01T00:00:00.000Z', expires: '2020-02-01T00:00:00.000Z' }),
        ]),
      ),
    );
    const { container } = renderRoute(createAppRoutes, { path: '/settings/pats' });
    const deploy = (await screen.findByRole('heading', { level: 2, name: 'Deploy script' })).closest('li')!;
    expect(within(deploy).getByText('Never used')).toBeInTheDocument();
    expect(within(deploy).getByText(/^Expires/)).toHaveTextContent(/Expires in \d+ years/);
    const old = screen.getByRole('heading', { level: 2, name: 'Old laptop' }).closest('li')!;
    expect(within(old).getByText(/^Last used/)).toHaveTextContent(/Last used \d+ years ago/);
    expect(within(old).getByText(/^Expired/)).toHaveTextContent(/Expired \d+ years ago/);
    await expectNoAxeViolations(container);
  });

  it('checks the form, creates a token and shows it once', async () => {
    signIn();
    let pats: Pat[] = [];
    let created: Record<string, unknown> | undefined;
    server.use(
      http.get('*/v2/pat', () => HttpResponse.json(pats)),
      http.post('*/v2/pat', async ({ request }) => {
        created = await jsonBody(request);
        const pat = buildPat({ name: String(created.name), scopes: Number(created.scopes), expires: String(created.expires) });
        pats = [pat];
        return HttpResponse.json({ ...pat, access_token: `crp_${'x'.repeat(60)}` });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/pats' });
    expect(await screen.findByText('You have no personal access tokens yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a token' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Create a personal access token' }));
    // Session-only scopes are not offered.
    expect(dialog.queryByText('List your sessions')).not.toBeInTheDocument();
    expect(dialog.getByRole('group', { name: 'Projects' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.type(dialog.getByLabelText('Name'), 'ab');
    await user.click(dialog.getByRole('button', { name: 'Create token' }));
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('Use 3 to 255 characters.');
    expect(dialog.getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(created).toBeUndefined();

    await user.type(dialog.getByLabelText('Name'), 'c tool');
    await user.click(dialog.getByRole('checkbox', { name: 'Read your projects, including private ones' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Upload versions' }));
    await user.click(dialog.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('Your new token “abc tool”')).toBeInTheDocument();
    expect(screen.getByText(`crp_${'x'.repeat(60)}`)).toBeInTheDocument();
    expect(created).toMatchObject({ name: 'abc tool', scopes: scopeBits('PROJECT_READ', 'VERSION_CREATE') });
    expect(new Date(String(created!.expires)).getTime()).toBeGreaterThan(Date.now() + 80 * 24 * 3600 * 1000);
    expect(await screen.findByRole('heading', { level: 2, name: 'abc tool' })).toBeInTheDocument();
  });

  it('edits only what changed and revokes after confirming', async () => {
    signIn();
    const edits: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      http.get('*/v2/pat', () => HttpResponse.json([buildPat()])),
      http.patch('*/v2/pat/:id', async ({ request }) => {
        edits.push(await jsonBody(request));
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete('*/v2/pat/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/settings/pats' });
    await user.click(await screen.findByRole('button', { name: 'Edit Deploy script' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit personal access token' }));
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'Deploy bot');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Token saved')).toBeInTheDocument();
    expect(edits).toEqual([{ name: 'Deploy bot' }]);

    await user.click(screen.getByRole('button', { name: 'Revoke Deploy script' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Token revoked')).toBeInTheDocument();
    expect(deleted).toEqual(['PaT00001']);
  });
});

describe('applications', () => {
  it('registers an app with its redirect URIs, then shows the client secret once', async () => {
    const me = signIn();
    let apps: OAuthClient[] = [];
    let body: Record<string, unknown> | undefined;
    server.use(
      http.get(`*/v2/user/${me.id}/oauth_apps`, () => HttpResponse.json(apps)),
      http.post('*/v2/oauth/app', async ({ request }) => {
        body = await jsonBody(request);
        const app = buildOAuthClient({
          id: 'NeWaPp01',
          name: String(body.name),
          created_by: me.id,
          max_scopes: Number(body.max_scopes),
          redirect_uris: (body.redirect_uris as string[]).map((uri, i) => ({ id: `UrI0000${i}`, client_id: 'NeWaPp01', uri })),
        });
        apps = [app];
        return HttpResponse.json({ ...app, client_secret: 'secret-shown-once' });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/applications' });
    await user.click(await screen.findByRole('button', { name: 'New application' }));
    const dialog = within(screen.getByRole('dialog', { name: 'New application' }));
    await fill(user, dialog.getByLabelText('Name'), 'Modpack Sync');
    await fill(user, dialog.getByLabelText('Website'), 'http://insecure.example');
    await fill(user, dialog.getByLabelText('Redirect URI 1'), 'javascript:alert(1)');
    await user.click(dialog.getByRole('checkbox', { name: 'Read your profile' }));
    await user.click(dialog.getByRole('button', { name: 'Create application' }));
    expect(dialog.getByLabelText('Website')).toHaveAccessibleDescription('Enter an https:// address of at most 255 characters.');
    expect(dialog.getByText('Each redirect URI must be an absolute address without a “#” part.')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.clear(dialog.getByLabelText('Website'));
    await fill(user, dialog.getByLabelText('Website'), 'https://sync.example');
    await user.clear(dialog.getByLabelText('Redirect URI 1'));
    await fill(user, dialog.getByLabelText('Redirect URI 1'), 'https://sync.example/callback');
    await user.click(dialog.getByRole('button', { name: 'Add a redirect URI' }));
    await fill(user, dialog.getByLabelText('Redirect URI 2'), 'http://127.0.0.1:8765/cb');
    await user.click(dialog.getByRole('button', { name: 'Add a redirect URI' }));
    await user.click(dialog.getByRole('button', { name: 'Remove redirect URI 3' }));
    await user.click(dialog.getByRole('button', { name: 'Create application' }));

    expect(await screen.findByText('“Modpack Sync” is registered')).toBeInTheDocument();
    expect(screen.getByText('secret-shown-once')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Modpack Sync',
      max_scopes: scopeBits('USER_READ'),
      redirect_uris: ['https://sync.example/callback', 'http://127.0.0.1:8765/cb'],
      url: 'https://sync.example',
      description: null,
    });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Modpack Sync' })).closest('li')!;
    expect(within(card).getAllByText('NeWaPp01').length).toBeGreaterThan(0);
  });

  it('deletes an app after confirming', async () => {
    const me = signIn();
    const deleted: string[] = [];
    server.use(
      http.get(`*/v2/user/${me.id}/oauth_apps`, () => HttpResponse.json([buildOAuthClient({ created_by: me.id })])),
      http.delete('*/v2/oauth/app/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderRoute(createAppRoutes, { path: '/settings/applications' });
    await user.click(await screen.findByRole('button', { name: 'Delete Pack Builder' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this application?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Application deleted')).toBeInTheDocument();
    expect(deleted).toEqual(['ApP00001']);
  });
});

describe('authorized apps', () => {
  it('shows each app with its creator and granted scopes, and revokes it', async () => {
    signIn();
    let grants = [buildOAuthAuthorization()];
    const revoked: (string | null)[] = [];
    server.use(
      http.get('*/v2/oauth/authorizations', () => HttpResponse.json(grants)),
      http.get('*/v2/oauth/apps', () => HttpResponse.json([buildOAuthClient()])),
      http.get('*/v2/users', () => HttpResponse.json([buildUser({ id: 'UsEr0002', username: 'packsmith', email: null })])),
      http.delete('*/v2/oauth/authorizations', ({ request }) => {
        revoked.push(new URL(request.url).searchParams.get('client_id'));
        grants = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, container } = renderRoute(createAppRoutes, { path: '/settings/authorizations' });
    const card = (await screen.findByRole('heading', { level: 2, name: 'Pack Builder' })).closest('li')!;
    expect(within(card).getByRole('link', { name: 'packsmith' })).toHaveAttribute('href', '/user/packsmith');
    expect(within(card).getByText('Builds modpacks from your collections.')).toBeInTheDocument();
    expect(within(card).getByText('Read your profile')).toBeInTheDocument();
    expect(within(card).getByText('Read your projects, including private ones')).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(within(card).getByRole('button', { name: 'Revoke Pack Builder' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke this app?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have not authorized any apps.')).toBeInTheDocument();
    expect(revoked).toEqual(['ApP00001']);
  });
});
