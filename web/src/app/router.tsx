import { PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, data, replace, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { RootError, RouteError } from '../components/errors/route-error';
import { PageLoading } from '../components/layout/page-loading';
import { RootLayout } from '../components/layout/root-layout';
import type { RouteHandle } from '../components/layout/route-handle';
import type { ShellSlots } from '../components/layout/shell-slots';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { authGuardRoute } from '../lib/auth';
import { reloadForChunkError } from '../lib/chunk-reload';
import type { MessageArea } from '../lib/i18n/catalogs';
import { ensureMessageAreas } from '../lib/i18n/message-areas';
import { createRoutePrefetcher } from '../lib/route-prefetch';
import { pageFrom, type PageTable } from './page-table';
import { appShellSlots } from './shell-slots';

/**
 * What a lazy route module under app/routes exports. `createLoader` receives the app's QueryClient
 * and prefetches with `ensureQueryData`; `Component` reads the same query options.
 */
interface RouteModule {
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
  createLoader?: (queryClient: QueryClient) => LoaderFunction;
  /** When to run the loader again (default: every navigation to the route, query changes included). */
  shouldRevalidate?: ShouldRevalidateFunction;
  handle?: RouteHandle;
}

/**
 * Code-split route: the module (and its chunk) loads on first navigation or on link prefetch,
 * together with the message areas its pages use (see lib/i18n/message-areas.ts).
 * The import is memoised so prefetching and navigating share it. A chunk that fails to load
 * (usually after a deploy) reloads the page, at most once per path per 10 s.
 */
function lazyRoute(queryClient: QueryClient, load: () => Promise<RouteModule>, messageAreas: readonly MessageArea[] = []) {
  let loading: Promise<RouteModule> | undefined;
  return async () => {
    loading ??= Promise.all([load(), ensureMessageAreas(messageAreas)])
      .then(([module]) => module)
      .catch((error: unknown) => {
        loading = undefined;
        if (reloadForChunkError(error)) return new Promise<never>(() => {});
        throw error;
      });
    const { createLoader, ...rest } = await loading;
    return createLoader ? { ...rest, loader: createLoader(queryClient) } : rest;
  };
}

interface AppRoutesOptions {
  slots?: ShellSlots;
  buildId?: string;
}

export function createAppRoutes(queryClient: QueryClient, { slots = appShellSlots, buildId = env.buildId }: AppRoutesOptions = {}): RouteObject[] {
  // Pages behind their area's page table (see page-table.ts).
  const areaPage =
    <Table extends PageTable>(loadTable: () => Promise<{ pages: Table }>) =>
    (page: keyof Table & string, messageAreas?: readonly MessageArea[]) =>
      lazyRoute(queryClient, pageFrom(loadTable, page) as () => Promise<RouteModule>, messageAreas);
  const authPage = areaPage(() => import('./routes/auth/pages'));
  const settingsPage = areaPage(() => import('./routes/settings/pages'));
  const dashboardPage = areaPage(() => import('./routes/dashboard/pages'));
  const sitePage = areaPage(() => import('./routes/site/pages'));
  const creatorPage = areaPage(() => import('./routes/project/creator-pages'));
  const organizationPage = areaPage(() => import('./routes/organization/pages'));
  const reportPages = () => import('./routes/reports-pages');
  const searchRoute = lazyRoute(queryClient, () => import('./routes/search'), ['discover']);
  const projectRoutes = {
    layout: lazyRoute(queryClient, () => import('./routes/project/layout'), ['discover', 'filters', 'project', 'creator', 'collections']),
    description: lazyRoute(queryClient, () => import('./routes/project/description')),
    gallery: lazyRoute(queryClient, () => import('./routes/project/gallery')),
    changelog: lazyRoute(queryClient, () => import('./routes/project/changelog')),
    versions: lazyRoute(queryClient, () => import('./routes/project/versions'), ['version-editor']),
    version: lazyRoute(queryClient, () => import('./routes/project/version'), ['version-editor']),
    versionCreate: creatorPage('versionCreate', ['version-editor', 'markdown-editor']),
    versionEdit: creatorPage('versionEdit', ['version-editor', 'markdown-editor']),
    moderation: lazyRoute(queryClient, () => reportPages().then((m) => m.projectModeration), ['reports', 'moderation', 'account']),
  };
  const userRoute = lazyRoute(queryClient, () => import('./routes/user'), ['discover', 'project', 'user', 'organizations', 'collections']);
  const organizationRoute = organizationPage('page', ['organizations']);
  const collectionPages = () => import('./routes/collection-pages');
  const collectionRoute = lazyRoute(queryClient, () => collectionPages().then((m) => m.collection), ['discover', 'collections']);
  const moderationPages = lazyRoute(queryClient, () => import('./routes/moderation/pages'), ['moderation']);
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootLayout slots={slots} prefetch={createRoutePrefetcher(() => routes)} buildId={buildId} />,
      // Only reached if the layout itself throws; page errors stay inside the layout below.
      errorElement: <RootError />,
      children: [
        {
          errorElement: <RouteError />,
          // The root has no loader, so the real layout renders at once and only the page area
          // waits for the first page's code and data (the layout is not swapped out later).
          hydrateFallbackElement: <PageLoading />,
          children: [
            { id: 'home', index: true, lazy: lazyRoute(queryClient, () => import('./routes/home'), ['discover', 'home']) },
            ...PROJECT_TYPES.map((type) => ({ id: `search-${type}`, path: paths.search.path(type), lazy: searchRoute })),
            // One project route per URL type, plus the permanent `/project/{id}` link.
            ...[...PROJECT_TYPES, 'project' as const].map(
              (type): RouteObject => ({
                id: `project-${type}`,
                path: paths.project.path(type),
                lazy: projectRoutes.layout,
                children: [
                  { id: `project-${type}-description`, index: true, lazy: projectRoutes.description },
                  { id: `project-${type}-gallery`, path: 'gallery', lazy: projectRoutes.gallery },
                  { id: `project-${type}-changelog`, path: 'changelog', lazy: projectRoutes.changelog },
                  { id: `project-${type}-versions`, path: 'versions', lazy: projectRoutes.versions },
                  { id: `project-${type}-version`, path: paths.projectVersion.path, lazy: projectRoutes.version },
                  // The team and staff only (the page's loader gives others the 404 page).
                  { id: `project-${type}-moderation`, path: paths.project.moderationPath, lazy: projectRoutes.moderation },
                  // Version upload and edit need a signed-in user (the pages check the permission).
                  authGuardRoute(
                    queryClient,
                    [
                      { id: `project-${type}-version-create`, path: paths.projectVersion.createPath, lazy: projectRoutes.versionCreate },
                      { id: `project-${type}-version-edit`, path: paths.projectVersion.editPath, lazy: projectRoutes.versionEdit },
                    ],
                    `project-${type}-version-editor`,
                  ),
                ],
              }),
            ),
            // Project settings (every type, one route module): a layout of their own, for the team.
            {
              path: paths.projectSettings.path,
              children: [
                authGuardRoute(queryClient, [
                  { id: 'project-settings', index: true, lazy: creatorPage('settings', ['project-settings', 'account', 'markdown-editor']) },
                ]),
              ],
            },
            { id: 'collection', path: paths.collection.path, lazy: collectionRoute },
            { id: 'collection-type', path: `${paths.collection.path}/:projectType`, lazy: collectionRoute },
            { id: 'user', path: paths.user.path, lazy: userRoute },
            { id: 'user-type', path: `${paths.user.path}/:projectType`, lazy: userRoute },
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
                  { id: 'settings-sessions', path: 'sessions', lazy: settingsPage('sessions') },
                  { id: 'settings-pats', path: 'pats', lazy: settingsPage('pats') },
                  { id: 'settings-applications', path: 'applications', lazy: settingsPage('applications') },
                  { id: 'settings-authorizations', path: 'authorizations', lazy: settingsPage('authorizations') },
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
                  { id: 'dashboard-collections', path: 'collections', lazy: lazyRoute(queryClient, () => collectionPages().then((m) => m.dashboardCollections)) },
                  { id: 'dashboard-reports', path: 'reports', lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.dashboardReports), ['reports', 'account']) },
                  { id: 'dashboard-report', path: 'report/:id', lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.dashboardReport), ['reports', 'account']) },
                ],
              },
              // Organization settings: the page checks the member's permissions.
              { id: 'organization-settings', path: `${paths.organization.settings.path}/:section?`, lazy: organizationPage('settings', ['organizations']) },
              // The report form (spec §2 `/report`), for signed-in users.
              { id: 'report', path: paths.report.path, lazy: lazyRoute(queryClient, () => reportPages().then((m) => m.reportForm), ['reports', 'account']) },
            ]),
            // Staff pages: their loaders give everyone else the 404 page. The decisions log is public.
            { id: 'moderation-log', path: paths.moderation.log.path, lazy: moderationPages },
            { id: 'moderation-home', path: paths.moderation.path, lazy: moderationPages },
            { id: 'moderation-review', path: paths.moderation.review.path, lazy: moderationPages },
            { id: 'admin-user-email', path: paths.admin.userEmail.path, lazy: moderationPages },
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
            // Pages are added here (see web/README.md, "Adding a page"). Unknown paths get the
            // path-specific 404 from RouteError.
            {
              id: 'not-found',
              path: '*',
              loader: () => {
                throw data('Not found', { status: 404 });
              },
            },
          ],
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}
