import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../app/provider';
import { expectNoAxeViolations } from '../../testing/axe';
import { createTestQueryClient } from '../../testing/test-utils';
import { PageLoading, pageShape } from './page-loading';

describe('page loading skeletons', () => {
  it('gives each kind of page a placeholder of its shape', () => {
    expect(pageShape('/mods')).toBe('search');
    expect(pageShape('/shaders/')).toBe('search');
    expect(pageShape('/mod/lanternlight')).toBe('project');
    expect(pageShape('/project/abc/versions')).toBe('project');
    expect(pageShape('/user/ada')).toBe('user');
    expect(pageShape('/dashboard/projects')).toBe('list');
    expect(pageShape('/legal/terms')).toBe('page');
    expect(pageShape('/')).toBe('page');
  });

  it('announces loading once, hides the shapes from screen readers and is axe-clean', async () => {
    const router = createMemoryRouter([{ path: '*', element: <PageLoading /> }], { initialEntries: ['/mods'] });
    const { container } = render(
      <AppProvider queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Loading…');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status.querySelector('[aria-hidden="true"]')?.querySelectorAll('span').length).toBeGreaterThan(10);
    await expectNoAxeViolations(container);
  });
});
