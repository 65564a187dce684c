import { USER_BADGES } from '@cairn/shared/constants/permissions';
import type { Notification } from '@cairn/shared/schemas/notifications';
import type { User } from '@cairn/shared/schemas/users';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { signIn } from '../testing/account';
import { expectNoAxeViolations } from '../testing/axe';
import { server } from '../testing/mocks/server';
import { renderRoute } from '../testing/test-utils';
import { createAreaRoutes } from './area-routes';
import { createAppRoutes } from './router';

const unread = (id: string, read = false): Notification => ({
  id,
  user_id: 'UsEr0001',
  type: 'project_update',
  title: `Beacon has a new version (${id})`,
  text: 'Beacon released a version.',
  link: '/mod/beacon',
  read,
  created: '2026-01-01T00:00:00Z',
  actions: [],
  body: { type: 'project_update', project_id: `P${id}`, version_id: `V${id}` },
});

/** The items of the open menu as [text, href] (null for buttons). */
const menuEntries = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => [item.textContent, item.getAttribute('href')]);

async function openAccountMenu(as: Partial<User> = {}, path = '/') {
  const account = signIn(as);
  const rendered = renderRoute(createAppRoutes, { path });
  const header = within(screen.getByRole('banner'));
  await rendered.user.click(await header.findByRole('button', { name: `Account menu for ${account.username}` }));
  return { ...rendered, header };
}

const REGULAR_MENU = [
  ['Profile', '/user/alice'],
  ['Upgrade to Cairn Plus', '/plus'],
  ['Notifications', '/dashboard/notifications'],
  ['Saved projects', '/dashboard/collections'],
  ['My servers', '/servers/manage'],
  ['Settings', '/settings'],
  ['Dashboard', '/dashboard'],
  ['Projects', '/dashboard/projects'],
  ['Organizations', '/dashboard/organizations'],
  ['Revenue', '/dashboard/revenue'],
  ['Analytics', '/dashboard/analytics'],
  ['Sign out', null],
];

describe('avatar menu', () => {
  it('gives a regular user the whole menu in groups, runs from the keyboard and is axe-clean', async () => {
    const { user, header, container } = await openAccountMenu();
    expect(menuEntries()).toEqual(REGULAR_MENU);
    const menu = within(screen.getByRole('menu'));
    // Account | dashboard | sign out.
    expect(menu.getAllByRole('separator')).toHaveLength(2);
    expect(menu.getByRole('menuitem', { name: 'Upgrade to Cairn Plus' })).toBeInTheDocument();
    // No staff menu and no Moderation entry for a regular user.
    expect(menu.queryByRole('menuitem', { name: 'Moderation' })).not.toBeInTheDocument();
    expect(header.queryByRole('button', { name: 'Staff menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    await expectNoAxeViolations(container);

    // ↑ wraps to Sign out, Home/End jump, separators are skipped, Escape returns focus.
    await user.keyboard('{ArrowUp}');
    expect(menu.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(menu.getByRole('menuitem', { name: 'Analytics' })).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Upgrade to Cairn Plus' })).toHaveFocus();
    await user.keyboard('{Escape}');
    const trigger = header.getByRole('button', { name: 'Account menu for alice' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // ↓ on the trigger opens the menu on its first item.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menuitem', { name: 'Profile' })).toHaveFocus();
  });

  it('marks the page the user is on', async () => {
    await openAccountMenu({}, '/settings');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('menuitem', { name: 'Profile' })).not.toHaveAttribute('aria-current');
  });

  it('offers no upgrade to a Plus subscriber, nor with the hidePlusPromoInUserMenu flag', async () => {
    await openAccountMenu({ badges: USER_BADGES.PLUS | USER_BADGES.EARLY_MODPACK_ADOPTER });
    expect(menuEntries()).toEqual(REGULAR_MENU.filter(([label]) => label !== 'Upgrade to Cairn Plus'));
  });

  it('hides the upgrade with the hidePlusPromoInUserMenu flag and lists Feature flags in developer mode', async () => {
    document.cookie = `cairn-feature-flags=${encodeURIComponent(JSON.stringify({ hidePlusPromoInUserMenu: true, developerMode: true }))}; Path=/`;
    await openAccountMenu();
    const entries = menuEntries();
    expect(entries).not.toContainEqual(['Upgrade to Cairn Plus', '/plus']);
    expect(entries.slice(0, 6)).toEqual([
      ['Profile', '/user/alice'],
      ['Notifications', '/dashboard/notifications'],
      ['Saved projects', '/dashboard/collections'],
      ['My servers', '/servers/manage'],
      ['Feature flags', '/flags'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives a moderator Moderation in the avatar menu and the staff menu without the admin pages', async () => {
    const { user, header, container } = await openAccountMenu({ role: 'moderator' });
    const entries = menuEntries();
    expect(entries.slice(-2)).toEqual([
      ['Moderation', '/moderation'],
      ['Sign out', null],
    ]);
    expect(within(screen.getByRole('menu')).getAllByRole('separator')).toHaveLength(3);
    await user.keyboard('{Escape}');

    const staff = header.getByRole('button', { name: 'Staff menu' });
    expect(staff).toHaveAttribute('aria-haspopup', 'menu');
    staff.focus();
    await user.keyboard('{Enter}');
    expect(menuEntries()).toEqual([
      ['Moderation', '/moderation'],
      ['Review projects', '/moderation/review'],
      ['Reports', '/moderation/reports'],
      ['Moderation log', '/moderation/log'],
    ]);
    expect(screen.getByRole('menuitem', { name: 'Moderation' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Moderation log' })).toHaveFocus();
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');
    expect(staff).toHaveFocus();
  });

  it('gives an admin the administration pages in the staff menu', async () => {
    const { user, header } = await openAccountMenu({ role: 'admin' });
    expect(menuEntries()).toContainEqual(['Moderation', '/moderation']);
    await user.keyboard('{Escape}');
    await user.click(header.getByRole('button', { name: 'Staff menu' }));
    expect(menuEntries()).toEqual([
      ['Moderation', '/moderation'],
      ['Review projects', '/moderation/review'],
      ['Reports', '/moderation/reports'],
      ['Moderation log', '/moderation/log'],
      ['Look up by email', '/admin/user_email'],
      ['Server notices', '/admin/servers/notices'],
      ['Servers and nodes', '/servers/admin'],
    ]);
    expect(within(screen.getByRole('menu')).getAllByRole('separator')).toHaveLength(1);
  });

  it('links only to pages the router has', async () => {
    const { user, header } = await openAccountMenu({ role: 'admin' });
    const hrefs = screen.getAllByRole('menuitem').flatMap((item) => item.getAttribute('href') ?? []);
    await user.keyboard('{Escape}');
    await user.click(header.getByRole('button', { name: 'Staff menu' }));
    hrefs.push(...screen.getAllByRole('menuitem').map((item) => item.getAttribute('href') ?? ''));
    const queryClient = createQueryClient();
    const routes = [...createAppRoutes(queryClient), ...createAreaRoutes(queryClient)];
    for (const href of hrefs) {
      const matches = matchRoutes(routes, href) ?? [];
      expect(matches.length, href).toBeGreaterThan(0);
      expect(matches.at(-1)?.route.path, href).not.toBe('*');
    }
  });
});

describe('unread badge', () => {
  it('counts the unread notifications in the avatar menu and the bottom bar from the one request, and follows "Mark all as read"', async () => {
    const account = signIn();
    let list = [unread('N1'), unread('N2'), unread('N3'), unread('N4', true)];
    let reads = 0;
    server.use(
      http.get(`*/v2/user/${account.id}/notifications`, () => {
        reads += 1;
        return HttpResponse.json(list);
      }),
      http.patch('*/v2/notifications', () => {
        list = list.map((n) => ({ ...n, read: true }));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // The app's own client (its one-minute freshness), as in the browser.
    const { user, router, container } = renderRoute(createAppRoutes, { path: '/', queryClient: createQueryClient() });
    const bar = within(screen.getByRole('navigation', { name: 'Quick navigation' }));
    expect(await bar.findByRole('link', { name: 'Notifications 3 unread notifications' })).toHaveAttribute('href', '/dashboard/notifications');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Account menu for alice' }));
    expect(screen.getByRole('menuitem', { name: 'Notifications 3 unread notifications' })).toHaveAttribute('href', '/dashboard/notifications');
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    await expectNoAxeViolations(container);
    // The bell, the avatar menu (header and phone) and the bar share one request.
    expect(reads).toBe(1);

    // Another page: still no request of the badges' own (the page reads the same query).
    await user.click(screen.getByRole('menuitem', { name: /^Notifications/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/notifications');
    expect(reads).toBe(1);
    expect(bar.getByRole('link', { name: /^Notifications/ })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await bar.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    // The site's header comes first (jsdom also counts the page's own <header> inside <main> as a banner).
    await user.click(within(screen.getAllByRole('banner')[0]!).getByRole('button', { name: 'Account menu for alice' }));
    expect(screen.getByRole('menuitem', { name: 'Notifications' })).toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('says "1 unread notification" and shows 99+ above 99', async () => {
    const account = signIn();
    let list = [unread('N1')];
    server.use(http.get(`*/v2/user/${account.id}/notifications`, () => HttpResponse.json(list)));
    const { queryClient } = renderRoute(createAppRoutes, { path: '/' });
    const bar = within(screen.getByRole('navigation', { name: 'Quick navigation' }));
    expect(await bar.findByRole('link', { name: 'Notifications 1 unread notification' })).toBeInTheDocument();
    list = Array.from({ length: 120 }, (_, i) => unread(`M${i}`));
    await queryClient.invalidateQueries({ queryKey: ['notifications'] });
    const link = await bar.findByRole('link', { name: 'Notifications 120 unread notifications' });
    expect(link).toHaveTextContent('99+');
  });
});

describe('phone navigation', () => {
  it('adds Notifications and Dashboard to the bottom bar, and the account, Collections and Servers to the menu', async () => {
    signIn();
    const { user, container } = renderRoute(createAppRoutes, { path: '/dashboard/projects' });
    const barElement = screen.getByRole('navigation', { name: 'Quick navigation' });
    const bar = within(barElement);
    await bar.findByRole('link', { name: 'Dashboard' });
    expect([...barElement.querySelectorAll('a, button')].map((item) => item.textContent)).toEqual(['Home', 'Discover', 'Notifications', 'Dashboard', 'Menu']);
    expect(bar.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/dashboard/notifications');
    const dashboard = bar.getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/dashboard');
    // A dashboard page below the overview: the entry is highlighted, not the current page.
    expect(dashboard).toHaveAttribute('data-active');
    expect(dashboard).not.toHaveAttribute('aria-current');

    const toggle = bar.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getByText('alice')).toBeInTheDocument();
    const entries = [...screen.getByRole('navigation', { name: 'Menu' }).querySelectorAll('li > a, li > button')].map((item) => [item.textContent, item.getAttribute('href')]);
    expect(entries).toEqual([
      ['Profile', '/user/alice'],
      ['Create a project', null],
      ['Collections', '/dashboard/collections'],
      ['Servers', '/servers/manage'],
      ['Settings', '/settings'],
      ['Sign out', null],
      ['Get Cairn App', '/app'],
      [expect.stringContaining('Change theme'), null],
    ]);
    await vi.waitFor(() => expect(menu.getByRole('link', { name: 'Profile' })).toHaveFocus());
    expect(menu.queryByRole('link', { name: 'Moderation' })).not.toBeInTheDocument();
    await expectNoAxeViolations(container);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
  });

  it('lists Moderation in the phone menu for staff, and Feature flags in developer mode', async () => {
    document.cookie = `cairn-feature-flags=${encodeURIComponent(JSON.stringify({ developerMode: true }))}; Path=/`;
    signIn({ role: 'moderator' });
    const { user } = renderRoute(createAppRoutes, { path: '/' });
    const bar = within(screen.getByRole('navigation', { name: 'Quick navigation' }));
    await bar.findByRole('link', { name: 'Dashboard' });
    await user.click(bar.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Menu' }));
    expect(menu.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Profile', '/user/alice'],
      ['Collections', '/dashboard/collections'],
      ['Servers', '/servers/manage'],
      ['Moderation', '/moderation'],
      ['Feature flags', '/flags'],
      ['Settings', '/settings'],
      ['Get Cairn App', '/app'],
    ]);
  });

  it('keeps the visitor bar to Home, Discover and Menu', async () => {
    renderRoute(createAppRoutes, { path: '/' });
    await screen.findByRole('heading', { level: 1 });
    const barElement = screen.getByRole('navigation', { name: 'Quick navigation' });
    expect([...barElement.querySelectorAll('a, button')].map((item) => item.textContent)).toEqual(['Home', 'Discover', 'Menu']);
  });
});
