import { PROJECT_TYPES } from '@cairn/shared/constants/project-types';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, data, Outlet, type RouteObject } from 'react-router';
import { RootError, RouteError } from '../components/errors/route-error';
import { PageLoading } from '../components/layout/page-loading';
import { RootLayout } from '../components/layout/root-layout';
import type { ShellSlots } from '../components/layout/shell-slots';
import { env } from '../config/env';
import { paths } from '../config/paths';
import { authGuardRoute } from '../lib/auth';
import { createRoutePrefetcher } from '../lib/route-prefetch';
import { areaPages, lazyRoute } from './lazy-route';
import { pageFrom } from './page-table';
import { NOT_FOUND_ROUTE_ID, PAGES_ROUTE_ID, areaRoutesLoader, createRouteDiscovery } from './route-discovery';
import { appShellSlots } from './shell-slots';

interface AppRoutesOptions {
  slots?: ShellSlots;
  buildId?: string;
}

export function createAppRoutes(queryClient: QueryClient, { slots = appShellSlots, buildId = env.buildId }: AppRoutesOptions = {}): RouteObject[] {
  const creatorPage = areaPages(queryClient, () => import('./routes/project/creator-pages'));
  const reportPages = pageFrom(() => import('./routes/grouped-pages'), 'reports');
  const searchRoute = lazyRoute(queryClient, () => import('./routes/search'), ['discover']);
  const projectRoutes = {
    layout: lazyRoute(queryClient, () => import('./routes/project/layout'), ['discover', 'filters', 'project', 'creator', 'collections']),
    description: lazyRoute(queryClient, () => import('./routes/project/description')),
    gallery: lazyRoute(queryClient, () => import('./routes/project/gallery')),
    changelog: lazyRoute(queryClient, () => import('./routes/project/changelog')),
    versions: lazyRoute(queryClient, () => import('./routes/project/versions'), ['version-editor']),
    version: lazyRoute(queryClient, () => import('./routes/project/version'), ['version-editor', 'malware']),
    versionCompare: lazyRoute(queryClient, () => import('./routes/project/version-compare')),
    versionCreate: creatorPage('versionCreate', ['version-editor', 'markdown-editor']),
    versionEdit: creatorPage('versionEdit', ['version-editor', 'markdown-editor']),
    moderation: lazyRoute(queryClient, () => reportPages().then((m) => m.projectModeration), ['reports', 'moderation', 'account']),
  };
  const userRoute = lazyRoute(queryClient, () => import('./routes/user'), ['discover', 'project', 'user', 'organizations', 'collections']);
  const routes: RouteObject[] = [
    {
      id: 'root',
      element: <RootLayout slots={slots} prefetch={createRoutePrefetcher(() => routes, areaRoutesLoader(queryClient))} buildId={buildId} />,
      // Only reached if the layout itself throws; page errors stay inside the layout below.
      errorElement: <RootError />,
      children: [
        {
          id: PAGES_ROUTE_ID,
          // While the first page of an area is being discovered (a full load of /dashboard…), this
          // route is the deepest match; without an element React Router warns that the leaf renders
          // nothing ("Matched leaf route … does not have an element or Component").
          element: <Outlet />,
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
                  { id: `project-${type}-version-compare`, path: paths.projectVersion.comparePath, lazy: projectRoutes.versionCompare },
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
            { id: 'user', path: paths.user.path, lazy: userRoute },
            { id: 'user-type', path: `${paths.user.path}/:projectType`, lazy: userRoute },
            // Catalogue pages visitors arrive on from outside are added here, every other page in
            // area-routes.tsx (see web/README.md, "Adding a page"). Unknown paths get the
            // path-specific 404 from RouteError.
            {
              id: NOT_FOUND_ROUTE_ID,
              path: '*',
              loader: () => {
                throw data('Not found', { status: 404 });
              },
              // Never rendered (the loader always throws, and RouteError shows the 404 page), but a
              // leaf without an element makes React Router warn on every unknown address.
              element: null,
            },
          ],
        },
      ],
    },
  ];
  return routes;
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient), { patchRoutesOnNavigation: createRouteDiscovery(queryClient) });
}
