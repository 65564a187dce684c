import { screen, within } from '@testing-library/react';
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createAppRoutes } from '../../app/router';
import { HttpError } from '../../lib/api-client';
import { expectNoAxeViolations } from '../../testing/axe';
import { renderRoute } from '../../testing/test-utils';
import { notFoundKind, toErrorInfo } from './error-info';
import { RouteError } from './route-error';

const PROJECT_PATHS = ['/mod/x', '/datapack/x', '/resourcepack/x', '/plugin/x', '/shader/x', '/modpack/x', '/project/x'];

describe('not-found pages', () => {
  it.each(PROJECT_PATHS)('%s is "Project not found" with three reasons and the Terms link in a new tab', async (path) => {
    const { container } = renderRoute(createAppRoutes, { path });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Project not found' });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    const reasons = within(screen.getByRole('list', { name: 'This can happen when:' })).getAllByRole('listitem');
    expect(reasons.map((li) => li.textContent)).toEqual([
      'the address was mistyped;',
      "the owner changed the project's URL, made it private or deleted it;",
      'moderators took it down for breaking the Terms of Use.',
    ]);
    const terms = screen.getByRole('link', { name: 'Terms of Use' });
    expect(terms).toHaveAttribute('href', '/legal/terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(terms).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // No status details on a 404, and the layout stays around the page.
    expect(screen.queryByText('Error details')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cairn home' })).toBeInTheDocument();
    if (path === '/mod/x') await expectNoAxeViolations(container);
  });

  it.each([
    ['/user/ghost', 'User not found', 'the account was terminated for breaking the Terms of Use.'],
    ['/organization/gone', 'Organization not found', 'moderators removed it for breaking the Terms of Use.'],
    ['/collection/AbCdEfGh', 'Collection not found', 'the collection is private;'],
  ])('%s is "%s"', async (path, title, reason) => {
    renderRoute(createAppRoutes, { path });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText((_, element) => element?.tagName === 'LI' && element.textContent === reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('target', '_blank');
  });

  it('says "Page not found" with the path for unknown paths, and marks it noindex', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/no/such/page?tab=1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/no/such/page')).toBeInTheDocument();
    expect(screen.getByText("The page you were looking for doesn't seem to exist.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { name: 'Page not found' }));
    await vi.waitFor(() => expect(document.title).toBe('Page not found – Cairn'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expectNoAxeViolations(container);
  });

  it('maps paths to their kind of 404', () => {
    expect(notFoundKind('/mod/sodium/versions')).toBe('project');
    expect(notFoundKind('/mods')).toBe('page');
    expect(notFoundKind('/mod')).toBe('page');
    expect(notFoundKind('/modpack/')).toBe('project');
    expect(notFoundKind('/user/x')).toBe('user');
    expect(notFoundKind('/users/x')).toBe('page');
    expect(notFoundKind('/')).toBe('page');
  });
});

/** A route whose loader throws `error`, inside the app's providers and error element. */
function renderFailingRoute(error: unknown, path = '/broken') {
  return renderRoute([{ path, errorElement: <RouteError />, loader: () => Promise.reject(error), Component: () => null }], { path });
}

describe('other errors', () => {
  it('shows "Uh oh!", the sad robot and the status and message in a details block', async () => {
    const { container } = renderFailingRoute(new HttpError(403, 'forbidden', 'You may not see this', 'GET', '/v2/x'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Uh oh!' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Please try again in a few minutes.')).toBeInTheDocument();
    expect(container.querySelector('[data-illustration="SadRobotIllustration"]')).not.toBeNull();
    const details = within(screen.getByRole('group'));
    expect(details.getByText('403')).toBeInTheDocument();
    expect(details.getByText('You may not see this')).toBeInTheDocument();
    await expectNoAxeViolations(container);
  });

  it('uses status 1000 and "Unknown error" for failures without a status', async () => {
    renderFailingRoute('a thrown string');
    await screen.findByRole('heading', { level: 1, name: 'Uh oh!' });
    const details = within(screen.getByRole('group'));
    expect(details.getByText('1000')).toBeInTheDocument();
    expect(details.getByText('Unknown error')).toBeInTheDocument();
  });

  it('turns every kind of failure into a status and message', () => {
    expect(toErrorInfo(new HttpError(500, undefined, 'Internal', 'GET', '/v2/x'))).toEqual({ statusCode: 500, message: 'Internal' });
    expect(toErrorInfo(new TypeError('x is undefined'))).toEqual({ statusCode: 1000, message: 'x is undefined' });
    expect(toErrorInfo(undefined)).toEqual({ statusCode: 1000, message: undefined });
  });

  it('treats a thrown 404 response like a missing page', async () => {
    renderRoute([{ path: '/user/:id', errorElement: <RouteError />, loader: () => Promise.reject(data(null, { status: 404 })), Component: () => null }], {
      path: '/user/nobody',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
  });
});
