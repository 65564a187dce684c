import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONTENT_RULE_ANCHORS } from '@cairn/shared/constants/content-rules';
import { LEGAL_PAGES } from '../../../config/paths';
import { readCookie, writeCookie, TEN_YEARS_SECONDS } from '../../../lib/cookies';
import { expectNoAxeViolations } from '../../../testing/axe';
import { renderRoute } from '../../../testing/test-utils';
import { createAppRoutes } from '../../router';

describe('legal pages', () => {
  it('shows a document with its last-updated date and a table of contents', async () => {
    const { container } = renderRoute(createAppRoutes, { path: '/legal/rules' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Content rules' })).toBeInTheDocument();
    expect(screen.getByText(/Last updated/)).toHaveTextContent('Last updated November 20, 2026');
    const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
    // Every rule the moderation checklist refers to has its anchor, in the contents and the text.
    expect(toc.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(CONTENT_RULE_ANCHORS.map((anchor) => `#${anchor}`));
    for (const anchor of CONTENT_RULE_ANCHORS) expect(container.querySelector(`h2#${anchor}`)).not.toBeNull();
    const documents = within(screen.getByRole('navigation', { name: 'Legal documents' }));
    expect(documents.getByRole('link', { name: 'Content rules' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Content rules – Cairn'));
    await expectNoAxeViolations(container);
  });

  it.each(LEGAL_PAGES)('renders /legal/%s with every anchor of its contents intact', async (page) => {
    const { container } = renderRoute(createAppRoutes, { path: `/legal/${page}` });
    const toc = within(await screen.findByRole('navigation', { name: 'On this page' }));
    for (const link of toc.getAllByRole('link')) {
      expect(container.querySelector(`.markdown ${link.getAttribute('href')}`), link.getAttribute('href') ?? '').not.toBeNull();
    }
  });

  it('answers an unknown document with the not-found page', async () => {
    renderRoute(createAppRoutes, { path: '/legal/nothing' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('declining optional cookies deletes them and stops new ones being written', async () => {
    const user = userEvent.setup();
    writeCookie('cairn-cosmetics', '{"hideAppPromos":true}', { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' });
    renderRoute(createAppRoutes, { path: '/legal/cmp' });
    await screen.findByRole('heading', { level: 1, name: 'Cookie preferences' });
    expect(screen.getByRole('radio', { name: 'Remember my preferences' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Essential cookies only' }));
    await user.click(screen.getByRole('button', { name: 'Save choice' }));
    expect(await screen.findByText('Cookie preferences saved')).toBeInTheDocument();
    expect(readCookie('cairn-consent')).toBe('essential');
    expect(readCookie('cairn-cosmetics')).toBeUndefined();
    writeCookie('cairn-color-mode', 'dark', { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' });
    expect(readCookie('cairn-color-mode')).toBeUndefined();
    expect(screen.getByText('Current choice: essential cookies only.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Remember my preferences' }));
    await user.click(screen.getByRole('button', { name: 'Save choice' }));
    await waitFor(() => expect(readCookie('cairn-consent')).toBe('all'));
    writeCookie('cairn-color-mode', 'dark', { maxAgeSeconds: TEN_YEARS_SECONDS, sameSite: 'Lax' });
    expect(readCookie('cairn-color-mode')).toBe('dark');
  });
});

describe('changelog', () => {
  it('lists entries newest first, filters by product and links each entry', async () => {
    const user = userEvent.setup();
    renderRoute(createAppRoutes, { path: '/news/changelog' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Changelog' })).toBeInTheDocument();
    const filters = within(screen.getByRole('navigation', { name: 'Show changes to' }));
    expect(filters.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'Changelog pages' })).toBeInTheDocument();
    const firstDate = screen.getAllByRole('heading', { level: 2 })[0]!;
    expect(within(firstDate).getByRole('link')).toHaveAttribute('href', '/news/changelog/web/2026-11-25');
    await waitFor(() => expect(document.head.querySelectorAll('link[type="application/atom+xml"]')).toHaveLength(3));

    await user.click(filters.getByRole('link', { name: 'App' }));
    await waitFor(() => expect(filters.getByRole('link', { name: 'App' })).toHaveAttribute('aria-current', 'page'));
    const entries = screen.getAllByRole('article');
    expect(entries.length).toBe(5);
    expect(entries.every((entry) => within(entry).queryByText('App') !== null)).toBe(true);
    expect(screen.getByText('Version 0.4.0')).toBeInTheDocument();
  });

  it('shows one entry by date or version, and 404s an unknown one', async () => {
    renderRoute(createAppRoutes, { path: '/news/changelog/app/0.3.2' });
    expect(await screen.findByText(/Quick play/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View full changelog' })).toHaveAttribute('href', '/news/changelog?filter=app');
    await waitFor(() => expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(/\/news\/changelog\/app\/2026-11-10$/));
  });

  it('answers an unknown entry with a 404', async () => {
    renderRoute(createAppRoutes, { path: '/news/changelog/web/1999-01-01' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('feature flags', () => {
  it('stores only overrides, and developer mode shows the footer link', async () => {
    const user = userEvent.setup();
    const { container } = renderRoute(createAppRoutes, { path: '/flags' });
    await screen.findByRole('heading', { level: 1, name: 'Feature flags' });
    const devMode = screen.getByRole('checkbox', { name: 'developer mode' });
    expect(devMode).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'advanced debug info' })).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Feature flags' })).toBeNull();

    await user.click(devMode);
    expect(JSON.parse(readCookie('cairn-feature-flags') ?? '{}')).toEqual({ developerMode: true });
    expect(await screen.findByRole('link', { name: 'Feature flags' })).toHaveAttribute('href', '/flags');

    await user.click(devMode);
    expect(JSON.parse(readCookie('cairn-feature-flags') ?? '{}')).toEqual({});
    await expectNoAxeViolations(container);
  });
});

describe('app and frog pages', () => {
  it('describes the app without pretending there are downloads', async () => {
    renderRoute(createAppRoutes, { path: '/app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Play with what you found' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick play' })).toBeInTheDocument();
    expect(screen.getByText(/needs game version 1.20 or later/)).toBeInTheDocument();
    expect(screen.getAllByText('Not available yet')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /download/i })).toBeNull();
  });

  it('lets you pat the frog', async () => {
    const user = userEvent.setup();
    renderRoute(createAppRoutes, { path: '/frog' });
    expect(await screen.findByRole('img', { name: /frog/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pat the frog' }));
    expect(screen.getByText('Patted once. The frog approves.')).toBeInTheDocument();
  });
});
