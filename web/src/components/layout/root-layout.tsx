import { Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import type { RoutePrefetcher } from '../../lib/route-prefetch';
import { RoutePrefetchContext } from '../ui/app-link';
import { DefaultLayout, EmptyLayout } from './default-layout';
import { lazyComponent } from '../../lib/lazy-component';
import { LoadingBar } from './loading-bar';
import { NavigationFocus } from './navigation-focus';
import { resolveLayout } from './route-handle';
import type { ShellSlots } from './shell-slots';

// Checking for a newer build can wait until after the first paint.
const BuildWatcher = lazyComponent(() => import('./build-watcher').then((module) => module.BuildWatcher), () => null);

interface RootLayoutProps {
  slots: ShellSlots;
  prefetch: RoutePrefetcher;
  buildId: string;
}

/** Behaviour every page shares (loading bar, build check, focus, scroll) around the chosen layout. */
export function RootLayout({ slots, prefetch, buildId }: RootLayoutProps) {
  const matches = useMatches();
  const location = useLocation();
  const Layout = resolveLayout(matches, location) === 'empty' ? EmptyLayout : DefaultLayout;
  return (
    <RoutePrefetchContext.Provider value={prefetch}>
      <LoadingBar />
      <Suspense fallback={null}>
        <BuildWatcher currentBuildId={buildId} />
      </Suspense>
      <Layout slots={slots}>
        <Outlet />
      </Layout>
      <NavigationFocus />
      <ScrollRestoration />
    </RoutePrefetchContext.Provider>
  );
}
