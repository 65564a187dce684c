import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../../app/router';
import { signIn } from '../../../testing/account';
import { expectNoAxeViolations } from '../../../testing/axe';
import { buildProject } from '../../../testing/mocks/catalogue';
import { buildErrorBody } from '../../../testing/mocks/factories';
import { server } from '../../../testing/mocks/server';
import { renderRoute } from '../../../testing/test-utils';

/** Opens "Create" → "Project" from the header and returns the dialog. */
async function openCreation() {
  const rendered = renderRoute(createAppRoutes, { path: '/settings/language' });
  const { user } = rendered;
  await user.click(await screen.findByRole('button', { name: 'Create' }, { timeout: 15_000 }));
  await user.click(screen.getByRole('menuitem', { name: 'Project' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a project' });
  return { ...rendered, dialog: within(dialog), dialogElement: dialog };
}

describe('project creation modal', () => {
  it('is offered to signed-in users only', async () => {
    renderRoute(createAppRoutes, { path: '/settings/language' });
    await screen.findByRole('heading', { level: 1, name: 'Language' });
    expect(screen.queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
  });

  it('is in the mobile menu too, by keyboard; Escape in the dialog leaves the menu open', async () => {
    signIn();
    const { user } = renderRoute(createAppRoutes, { path: '/settings/language' });
    await screen.findByRole('heading', { level: 1, name: 'Language' }, { timeout: 15_000 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    toggle.focus();
    await user.keyboard('{Enter}');
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    const create = await menu.findByRole('button', { name: 'Create a project' }, { timeout: 15_000 });
    create.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create a project' }, { timeout: 15_000 });
    await vi.waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveFocus();
  });

  it('derives the URL from the name until the URL is edited, and checks every field before sending', async () => {
    signIn();
    const posts: unknown[] = [];
    server.use(http.post('*/v2/project', () => void posts.push(1)));
    const { user, dialog, dialogElement } = await openCreation();
    const name = dialog.getByLabelText('Name');
    const url = dialog.getByLabelText('URL');
    expect(name).toHaveFocus();

    await user.type(name, 'Trail Lanterns!');
    expect(url).toHaveValue('trail-lanterns');
    await user.clear(url);
    await user.type(url, 'my-lanterns');
    await user.type(name, ' Deluxe');
    expect(url).toHaveValue('my-lanterns');

    await user.clear(url);
    await user.type(url, 'no spaces');
    await user.click(dialog.getByRole('button', { name: 'Create project' }));
    expect(url).toHaveAccessibleDescription(/Use 3 to 64 letters, digits/);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Summary')).toHaveAccessibleDescription(/Enter a summary of 3 to 256 characters/);
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(posts).toHaveLength(0);
    await expectNoAxeViolations(dialogElement);
  });

  it('shows a taken slug on the URL field', async () => {
    signIn();
    server.use(
      http.post('*/v2/project', () =>
        HttpResponse.json(buildErrorBody({ error: 'slug_taken', description: "Invalid 'slug': 'lanternlight' is already taken" }), { status: 400 }),
      ),
    );
    const { user, dialog } = await openCreation();
    await user.type(dialog.getByLabelText('Name'), 'Lanternlight');
    await user.type(dialog.getByLabelText('Summary'), 'Lanterns for caves.');
    await user.click(dialog.getByRole('button', { name: 'Create project' }));
    const url = dialog.getByLabelText('URL');
    await vi.waitFor(() => expect(url).toHaveAccessibleDescription(/'lanternlight' is already taken/));
  });

  it('sends a draft as multipart data and opens the new project', async () => {
    signIn();
    let data: Record<string, unknown> | undefined;
    server.use(
      http.post('*/v2/project', async ({ request }) => {
        const form = await request.formData();
        data = JSON.parse(String(form.get('data'))) as Record<string, unknown>;
        return HttpResponse.json(buildProject({ status: 'draft' }));
      }),
    );
    const { user, dialog, router } = await openCreation();
    await user.type(dialog.getByLabelText('Name'), '  Cave Lights ');
    await user.click(dialog.getByRole('radio', { name: /Unlisted/ }));
    await user.type(dialog.getByLabelText('Summary'), 'Glowing moss for caves.');
    await user.click(dialog.getByRole('button', { name: 'Create project' }));

    // The project page's code loads on this first visit: allow for a busy machine.
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mod/lanternlight'), { timeout: 15_000 });
    expect(data).toMatchObject({
      title: 'Cave Lights',
      slug: 'cave-lights',
      description: 'Glowing moss for caves.',
      requested_status: 'unlisted',
      is_draft: true,
      initial_versions: [],
      license_id: 'LicenseRef-Unknown',
    });
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
