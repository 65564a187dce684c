import type { QueryClient } from '@tanstack/react-query';
import { replace, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { authGuardRoute } from '../lib/auth';
import { areaPages, lazyRoute, type RouteModule } from './lazy-route';
import { pageFrom } from './page-table';

/**
 * Every page outside the catalogue: accounts, settings, the dashboard, reports, moderation,
 * organizations, collections, project settings and the site's own pages. The router adds them the
 * first time a path matches none of the shell's routes (see route-discovery.ts), so the first
 * download carries no entry for them; pages added to these areas go here.
 */
export function createAreaRoutes(queryClient: QueryClient): RouteObject[] {
  const authPage = areaPages(queryClient, () => import('./routes/auth/pages'));
  const settingsPage = areaPages(queryClient, () => import('./routes/settings/pages'));
  const dashboardPage = areaPages(queryClient, () => import('./routes/dashboard/pages'));
  const sitePage = areaPages(queryClient, () => import('./routes/site/pages'));
  const creatorPage = areaPages(queryClient, () => import('./routes/project/creator-pages'));
  const organizationPage = areaPages(queryClient, () => import('./routes/organization/pages'));
  const serversPage = areaPages(queryClient, () => import('./routes/servers/pages'));
  const listingsPage = areaPages(queryClient, () => import('./routes/server-listings/pages'));
  const groupedPages = () => import('./routes/grouped-pages');
  const reportPages = pageFrom(groupedPages, 'reports');
  const collectionPages = pageFrom(groupedPages, 'collections');
  const organizationRoute = organizationPage('page', ['organizations']);
  const collectionRoute = lazyRoute(queryClient, () => collectionPages().then((m) => m.collection), ['discover', 'collections']);
  const moderationPages = lazyRoute(queryClient, pageFrom(groupedPages, 'moderation') as () => Promise<RouteModule>, ['moderation', 'malware']);
  return [
    // Project settings (every type, one route module): a layout of their own, for the team.
    {
      path: paths.projectSettings.path,
      children: [
        authGuardRoute(queryClient, [
          { id: 'project-settings', index: true, lazy: creatorPage('settings', ['project-settings', 'account', 'markdown-editor', 'analytics', 'webhooks']) },
        ]),
      ],
    },
    { id: 'collection', path: paths.collection.path, lazy: collectionRoute },
    { id: 'collection-type', path: `${paths.collection.path}/:projectType`, lazy: collectionRoute },
    { id: 'organization', path: paths.organization.path, lazy: organizationRoute },
    { id: 'organization-type', path: `${paths.organization.path}/:projectType`, lazy: organizationRoute },
    // Addresses people guess for signing in and up keep their query (e.g. ?redirect=).
    { path: 'login', loader: ({ request }) => replace(`${paths.auth.signIn.path}${new URL(request.url).search}`) },
    { path: 'signup', loader: ({ request }) => replace(`${paths.auth.signUp.path}${new URL(request.url).search}`) },
    {
      id: 'auth',
      path: 'auth',
      lazy: authPage('layout', ['account']),
      children: [
        { id: 'auth-sign-in', path: 'sign-in', lazy: authPage('signIn') },
        { id: 'auth-sign-up', path: 'sign-up', lazy: authPage('signUp') },
        { id: 'auth-welcome', path: 'welcome', lazy: authPage('welcome') },
        { id: 'auth-reset-password', path: 'reset-password', lazy: authPage('resetPassword') },
        { id: 'auth-verify-email', path: 'verify-email', lazy: authPage('verifyEmail') },
        authGuardRoute(queryClient, [
          { id: 'auth-authorize', path: 'authorize', lazy: authPage('authorize') },
        ]),
      ],
    },
    {
      id: 'settings',
      path: 'settings',
      lazy: settingsPage('layout', ['account']),
      children: [
        { id: 'settings-appearance', index: true, lazy: settingsPage('appearance') },
        { id: 'settings-language', path: 'language', lazy: settingsPage('language') },
        // Every other settings page needs a signed-in user (spec §2).
        authGuardRoute(queryClient, [
          { id: 'settings-profile', path: 'profile', lazy: settingsPage('profile') },
          { id: 'settings-account', path: 'account', lazy: settingsPage('account') },
          { id: 'settings-notifications', path: 'notifications', lazy: settingsPage('notifications') },
          { id: 'settings-sessions', path: 'sessions', lazy: settingsPage('sessions') },
          { id: 'settings-pats', path: 'pats', lazy: settingsPage('pats') },
          { id: 'settings-applications', path: 'applications', lazy: settingsPage('applications') },
          { id: 'settings-authorizations', path: 'authorizations', lazy: settingsPage('authorizations') },
          { id: 'settings-billing', path: 'billing', lazy: settingsPage('billing', ['billing']) },
          { id: 'settings-billing-charges', path: 'billing/charges', lazy: settingsPage('billingCharges', ['billing']) },
        ]),
      ],
    },
    authGuardRoute(queryClient, [
      {
        id: 'dashboard',
        path: 'dashboard',
        lazy: dashboardPage('layout', ['creator', 'project', 'collections']),
        children: [
          { id: 'dashboard-home', index: true, lazy: dashboardPage('home') },
          { id: 'dashboard-projects', path: 'projects', lazy: dashboardPage('projects') },
          { id: 'dashboard-organizations', path: 'organizations', lazy: dashboardPage('organizations', ['organizations']) },
          { id: 'dashboard-notifications', path: 'notifications', lazy: dashboardPage('notifications') },
          { id: 'dashboard-notifications-history', path: 'notifications/history', lazy: dashboardPage('notificationsHistory') },
          { id: 'dashboard-analytics', path: 'analytics', lazy: dashboardPage('analytics', ['analytics']) },
          { id: 'dashboard-revenue', path: 'revenue', lazy: dashboardPage('revenue', ['analytics']) },
          { id: 'dashboard-revenue-transfers', path: 'revenue/transfers', lazy: dashboardPage('revenueTransfers', ['analytics']) },
          { id: 'dashboard-revenue-withdraw', path: 'revenue/withdraw', lazy: dashboardPage('revenueWithdraw', ['analytics']) },
          { id: 'dashboard-collections', path: 'collections', lazy: lazyRoute(queryClient, () => collectionPages().then((m) => m.dashboardCollections)) },
          { id: 'dashboard-reports', path: 'reports', lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.dashboardReports), ['reports', 'account']) },
          { id: 'dashboard-report', path: 'report/:id', lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.dashboardReport), ['reports', 'account']) },
        ],
      },
      // Organization settings: the page checks the member's permissions.
      { id: 'organization-settings', path: `${paths.organization.settings.path}/:section?`, lazy: organizationPage('settings', ['organizations', 'analytics', 'webhooks']) },
      // The report form (spec §2 `/report`), for signed-in users.
      { id: 'report', path: paths.report.path, lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.reportForm), ['reports', 'account']) },
    ]),
    // Staff pages: their loaders give everyone else the 404 page. The decisions log is public.
    { id: 'moderation-log', path: paths.moderation.log.path, lazy: moderationPages },
    { id: 'moderation-home', path: paths.moderation.path, lazy: moderationPages },
    { id: 'moderation-review', path: paths.moderation.review.path, lazy: moderationPages },
    { id: 'moderation-malware', path: paths.moderation.malware.path, lazy: moderationPages },
    { id: 'admin-user-email', path: paths.admin.userEmail.path, lazy: moderationPages },
    { id: 'admin-billing', path: paths.admin.billing.path, lazy: lazyRoute(queryClient, pageFrom(groupedPages, 'billingAdmin') as () => Promise<RouteModule>, ['billing']) },
    { id: 'moderation-reports', path: paths.moderation.reports.path, lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.moderationReports), ['reports', 'account']) },
    { id: 'moderation-report', path: paths.moderation.report.path, lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.moderationReport), ['reports', 'account']) },
    // The site's own pages (one chunk): companion app, legal documents, changelog, flags, the frog.
    // `discover` has the pagination's words.
    ...(
      [
        ['app', paths.app.path],
        ['legal', paths.legal.path],
        ['changelog', paths.changelog.path],
        ['changelogEntry', `${paths.changelog.path}/:product/:date`],
        ['flags', paths.flags.path],
        ['frog', '/frog'],
      ] as const
    ).map(([page, path]): RouteObject => ({
      path,
      lazy: sitePage(page, ['site', 'discover']),
    })),
    { id: 'plus', path: paths.plus.path, lazy: sitePage('plus', ['billing']) },
    // Hosted game servers: the plans are public, the list and the panels need an account.
    { id: 'servers', path: '/servers', lazy: serversPage('marketing', ['servers', 'billing']) },
    authGuardRoute(queryClient, [
      { id: 'servers-manage', path: '/servers/manage', lazy: serversPage('manage', ['servers']) },
      { id: 'servers-own-nodes', path: '/servers/nodes', lazy: serversPage('ownNodes', ['servers']) },
      { id: 'servers-panel', path: '/servers/manage/:id', lazy: serversPage('panel', ['servers']) },
    ]),
    // Servers staff pages (admins; their loaders give everyone else the 404 page).
    { id: 'servers-notices-admin', path: '/admin/servers/notices', lazy: serversPage('notices', ['servers', 'moderation']) },
    { id: 'servers-admin', path: '/servers/admin', lazy: serversPage('admin', ['servers', 'moderation']) },
    // Public server listings: browsing and the pages are public; listing a server needs an account;
    // the review queue is for moderators (its loader gives everyone else the 404 page).
    { id: 'server-listings', path: paths.serverListings.path, lazy: listingsPage('browse', ['server-listings']) },
    { id: 'server-listing', path: paths.serverListing.path, lazy: listingsPage('listing', ['server-listings']) },
    authGuardRoute(queryClient, [
      { id: 'server-listing-new', path: paths.serverListingNew.path, lazy: listingsPage('create', ['server-listings']) },
      { id: 'server-listings-mine', path: paths.ownServerListings.path, lazy: listingsPage('mine', ['server-listings']) },
      { id: 'server-listing-edit', path: paths.serverListingEdit.path, lazy: listingsPage('edit', ['server-listings']) },
    ]),
    { id: 'server-listings-queue', path: paths.serverListingQueue.path, lazy: listingsPage('queue', ['server-listings', 'moderation']) },
  ];
}
