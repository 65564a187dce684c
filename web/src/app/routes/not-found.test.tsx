import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { renderRoute } from '../../testing/test-utils';
import { createAppRoutes } from '../router';

describe('catch-all route', () => {
  it('says the page was not found and shows the path', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/no/such/page?tab=1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    // Still inside the app layout.
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page not found' }));
    await expectNoAxeViolations(container);
  });
});
