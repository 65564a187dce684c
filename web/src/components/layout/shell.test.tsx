import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appShellSlots } from '../../app/shell-slots';
import { createAppRoutes } from '../../app/router';
import { HttpError } from '../../lib/api-client';
import { readCookie } from '../../lib/cookies';
import { I18nProvider } from '../../lib/i18n/i18n-provider';
import { useNotifications } from '../../lib/notifications-provider';
import { expectNoAxeViolations } from '../../testing/axe';
import { server } from '../../testing/mocks/server';
import { renderRoute } from '../../testing/test-utils';
import { LanguagePicker } from '../i18n/language-picker';
import { BuildWatcher } from './build-watcher';
import { RootLayout } from './root-layout';

afterEach(() => {
  vi.useRealTimers();
  window.history.replaceState(null, '', '/');
});

/** Pages rendered inside the real root layout (header, toasts, footer). */
function shellRoutes(children: RouteObject[]): RouteObject[] {
  return [{ element: <RootLayout slots={appShellSlots} prefetch={() => {}} buildId="dev" />, children }];
}

describe('header', () => {
  it('offers the six discover pages, the app, and sign-in links for visitors (no link to pages that do not exist yet)', async () => {
    const { user, container } = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.queryByRole('link', { name: 'Host a server' })).not.toBeInTheDocument();
    expect(nav.getByRole('link', { name: /Get Cairn App/ })).toHaveAttribute('href', '/app');

    await user.click(nav.getByRole('button', { name: /Discover content/ }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual([
      ['Mods', '/mods'],
      ['Resource Packs', '/resourcepacks'],
      ['Data Packs', '/datapacks'],
      ['Shaders', '/shaders'],
      ['Modpacks', '/modpacks'],
      ['Plugins', '/plugins'],
    ]);
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');

    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/sign-in');
    expect(header.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/sign-up');
  });

  it('sends visitors back to the page they were on after signing in', async () => {
    renderRoute(createAppRoutes, { path: '/user/someone?tab=mods' });
    await screen.findByRole('heading', { level: 1, name: 'User not found' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth/sign-in?redirect=%2Fuser%2Fsomeone%3Ftab%3Dmods',
    );
  });

  it('runs the discover menu from the keyboard and returns focus to its button', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const trigger = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Discover content/ });
    trigger.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mods' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Resource Packs' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitem', { name: 'Plugins' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'Mods' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowUp}');
    await vi.waitFor(() => expect(screen.getByRole('menuitem', { name: 'Plugins' })).toHaveFocus());
  });

  it('shows the page type on the discover button on search and project pages', async () => {
    renderRoute(createAppRoutes, { path: '/shader/some-shader' });
    await screen.findByRole('heading', { level: 1, name: 'Project not found' });
    const trigger = within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: /Discover content/ });
    expect(trigger).toHaveAttribute('data-active', 'secondary');
  });

  it('hides the app promotion when the cosmetics say so', async () => {
    document.cookie = `cairn-cosmetics=${encodeURIComponent(JSON.stringify({ hideAppPromos: true }))}; Path=/`;
    renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: /Get Cairn App/ })).not.toBeInTheDocument();
  });
});

describe('theme toggle', () => {
  it('flips light ⇄ dark, saving the choice in the colour-mode cookie', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(document.documentElement.dataset.theme).toBe('light');
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(readCookie('cairn-color-mode')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(readCookie('cairn-color-mode')).toBe('light');
  });

  it('uses the preferred dark theme, and dark for an invalid preference', async () => {
    document.cookie = `cairn-cosmetics=${encodeURIComponent(JSON.stringify({ preferredDarkTheme: 'oled' }))}; Path=/`;
    const first = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    await first.user.click(screen.getByRole('button', { name: 'Switch to OLED theme' }));
    expect(document.documentElement.dataset.theme).toBe('oled');
    first.unmount();

    document.cookie = 'cairn-color-mode=light; Path=/';
    document.cookie = `cairn-cosmetics=${encodeURIComponent(JSON.stringify({ preferredDarkTheme: 'light' }))}; Path=/`;
    const second = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    await second.user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });
});

describe('developer mode', () => {
  it('toggles after five clicks on the logo, says so, and reveals developer links', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const logo = screen.getByRole('link', { name: 'Cairn home' });
    for (let i = 0; i < 4; i++) await user.click(logo);
    expect(screen.queryByText('Developer mode activated')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Feature flags' })).not.toBeInTheDocument();

    await user.click(logo);
    expect(await screen.findByText('Developer mode activated')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Feature flags' })).toHaveAttribute('href', '/flags');
    expect(JSON.parse(readCookie('cairn-feature-flags') ?? '{}')).toEqual({ developerMode: true });

    for (let i = 0; i < 5; i++) await user.click(logo);
    expect(await screen.findByText('Developer mode deactivated')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Feature flags' })).not.toBeInTheDocument();
  });
});

function ToastButtons() {
  const notifications = useNotifications();
  return (
    <>
      <h1>Toasts</h1>
      <button
        type="button"
        onClick={() => notifications.addError(new HttpError(404, 'not_found', 'The project was not found', 'GET', '/v2/project/x'))}
      >
        Fail
      </button>
      <button type="button" onClick={() => notifications.add({ type: 'success', title: 'Saved', text: 'Your changes are live' })}>
        Save
      </button>
    </>
  );
}

describe('toasts', () => {
  it('shows error toasts with title, text and code; counts repeats; copies; dismisses', async () => {
    const { user, container } = renderRoute(shellRoutes([{ path: '/', element: <ToastButtons /> }]));
    await user.click(await screen.findByRole('button', { name: 'Fail' }));
    const region = within(screen.getByRole('region', { name: 'Notifications' }));
    // The toast's code loads with the first toast.
    const toast = within(await region.findByRole('listitem'));
    expect(toast.getByText('An error occurred')).toBeInTheDocument();
    expect(toast.getByText('The project was not found')).toBeInTheDocument();
    expect(toast.getByText('Error code: not_found')).toBeInTheDocument();
    expect(toast.queryByText('x1')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Fail' }));
    expect(region.getAllByRole('listitem')).toHaveLength(1);
    expect(toast.getByText('x2')).toBeInTheDocument();

    await user.click(toast.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe('An error occurred\nThe project was not found\nError code: not_found');
    expect(toast.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await expectNoAxeViolations(container);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(region.getAllByRole('listitem')).toHaveLength(2);
    await user.click(toast.getByRole('button', { name: 'Dismiss' }));
    expect(region.getAllByRole('listitem')).toHaveLength(1);
    expect(region.getByText('Saved')).toBeInTheDocument();
  });

  it('shows the tooltips after 200 ms of hover', async () => {
    const { user } = renderRoute(shellRoutes([{ path: '/', element: <ToastButtons /> }]));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.hover(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Dismiss');
    await user.unhover(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('removes toasts after 30 s, holds them while hovered, and shows "Copied" for 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute(shellRoutes([{ path: '/', element: <ToastButtons /> }]));
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const toast = await within(screen.getByRole('region', { name: 'Notifications' })).findByRole('listitem');

    await user.hover(toast);
    act(() => vi.advanceTimersByTime(45_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();

    await user.click(within(toast).getByRole('button', { name: 'Copy to clipboard' }));
    expect(within(toast).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2_000));
    expect(within(toast).getByRole('button', { name: 'Copy to clipboard' })).toBeInTheDocument();

    await user.unhover(toast);
    // Focus left on the copy button also holds the toast; move it away like a user would.
    await user.click(screen.getByRole('heading', { name: 'Toasts' }));
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText('Saved')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });
});

describe('layouts and navigation', () => {
  it('uses the empty layout when a route asks for it, also depending on the URL', async () => {
    const routes = shellRoutes([
      { path: '/embedded', handle: { layout: 'empty' }, element: <h1>Embedded</h1> },
      {
        path: '/auth/sign-in',
        handle: { layout: (location: { search: string }) => (new URLSearchParams(location.search).has('launcher') ? 'empty' : 'default') },
        element: <h1>Sign in</h1>,
      },
    ]);
    const embedded = renderRoute(routes, { path: '/embedded' });
    await screen.findByRole('heading', { name: 'Embedded' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    embedded.unmount();

    const launcher = renderRoute(routes, { path: '/auth/sign-in?launcher=1' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    launcher.unmount();

    renderRoute(routes, { path: '/auth/sign-in' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('moves focus to the new page’s heading after a navigation', async () => {
    const { user } = renderRoute(
      shellRoutes([
        {
          path: '/',
          element: (
            <>
              <h1>Start</h1>
              <Link to="/about">About</Link>
            </>
          ),
        },
        { path: '/about', element: <h1>About Cairn</h1> },
      ]),
    );
    await user.click(await screen.findByRole('link', { name: 'About' }));
    const about = await screen.findByRole('heading', { name: 'About Cairn' });
    await vi.waitFor(() => expect(about).toHaveFocus());
  });

  it('opens and closes the mobile menu with its toggle and Escape', async () => {
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    await vi.waitFor(() => expect(menu.getByRole('link', { name: 'Sign in' })).toHaveFocus());
    expect(menu.getByRole('button', { name: /Change theme/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('sets the page title through the head manager', async () => {
    renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(document.title).toBe('Community game add-ons – Cairn'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'http://localhost:3000/');
    expect(document.head.querySelector('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute('href', 'http://localhost:3000/');
    expect(document.documentElement.lang).toBe('en-US');
  });
});

describe('new build detection', () => {
  function watcherRoutes(reload: (href: string) => void) {
    const page = (text: string, next: string) => (
      <>
        <BuildWatcher currentBuildId="build-a" pollIntervalMs={20} reload={reload} />
        <p>{text}</p>
        <Link to={next}>Go</Link>
      </>
    );
    return [
      { path: '/', element: page('Start page', '/next?x=1') },
      { path: '/next', element: page('Next page', '/') },
    ];
  }

  it('turns the next navigation into a page load once /build.json names another build', async () => {
    server.use(http.get('*/build.json', () => HttpResponse.json({ buildId: 'build-b', builtAt: '2026-01-01T00:00:00Z' })));
    const reload = vi.fn();
    const { user } = renderRoute(watcherRoutes(reload));
    // Navigate until the poll's answer has arrived; from then on the navigation reloads instead.
    await vi.waitFor(async () => {
      await user.click(screen.getByRole('link', { name: 'Go' }));
      expect(reload).toHaveBeenCalledTimes(1);
    });
    expect(['/', '/next?x=1']).toContain(reload.mock.calls[0]?.[0]);
  });

  it('navigates normally while the build is the same or unknown', async () => {
    let polls = 0;
    server.use(
      http.get('*/build.json', () => {
        polls++;
        return polls % 2 ? HttpResponse.json({ buildId: 'build-a' }) : new HttpResponse(null, { status: 503 });
      }),
    );
    const reload = vi.fn();
    const { user } = renderRoute(watcherRoutes(reload));
    await vi.waitFor(() => expect(polls).toBeGreaterThan(2));
    await user.click(await screen.findByRole('link', { name: 'Go' }));
    expect(await screen.findByText('Next page')).toBeInTheDocument();
    await vi.waitFor(() => expect(polls).toBeGreaterThan(4));
    await user.click(screen.getByRole('link', { name: 'Go' }));
    expect(await screen.findByText('Start page')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('language', () => {
  it('lists the languages, saves the choice in the locale cookie and says when a language is untranslated', async () => {
    const cookieWrites: string[] = [];
    const setter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(Document.prototype, 'cookie', 'set').mockImplementation(function (this: Document, value: string) {
      cookieWrites.push(value);
      setter.set!.call(this, value);
    });
    const user = userEvent.setup();
    render(
      <I18nProvider>
        <LanguagePicker />
      </I18nProvider>,
    );
    expect(screen.getAllByRole('radio').length).toBeGreaterThanOrEqual(55);
    expect(screen.getByRole('radio', { name: /English \(US\)/ })).toBeChecked();

    await user.type(screen.getByRole('searchbox', { name: 'Search languages' }), 'français');
    await user.click(screen.getByRole('radio', { name: /^Français French$/ }));
    expect(await screen.findByText(/not translated into French yet/)).toBeInTheDocument();
    expect(cookieWrites).toContain('cairn-locale=fr-FR; Max-Age=31536000; Path=/; SameSite=Strict');
    expect(document.documentElement.lang).toBe('en-US');
    vi.restoreAllMocks();
  });

  it('shows "applying" while a language loads and the error when it cannot load', async () => {
    let fail!: () => void;
    const user = userEvent.setup();
    render(
      <I18nProvider loadMessages={() => new Promise((_, reject) => (fail = () => reject(new TypeError('Failed to fetch'))))}>
        <LanguagePicker />
      </I18nProvider>,
    );
    await user.click(screen.getByRole('radio', { name: /Français French$/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Applying language…');
    expect(screen.getByRole('radio', { name: /Français French$/ })).toBeDisabled();
    await act(async () => fail());
    expect(screen.getByRole('status')).toHaveTextContent('Cannot load this language. Try again in a bit.');
    expect(readCookie('cairn-locale')).toBeUndefined();
  });

  it('takes the language from the hl parameter, then the cookie', () => {
    document.cookie = 'cairn-locale=ja-JP; Path=/';
    const first = render(
      <I18nProvider>
        <LanguagePicker />
      </I18nProvider>,
    );
    expect(screen.getByRole('radio', { name: /日本語/ })).toBeChecked();
    first.unmount();

    window.history.replaceState(null, '', '/?hl=pt-br');
    render(
      <I18nProvider>
        <LanguagePicker />
      </I18nProvider>,
    );
    expect(screen.getByRole('radio', { name: /Português \(Brasil\)/ })).toBeChecked();
  });
});
