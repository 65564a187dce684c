import { Outlet, ScrollRestoration } from 'react-router';
import { AppShell } from './app-shell';
import { NavigationProgress } from './navigation-progress';

export function RootLayout() {
  return (
    <AppShell top={<NavigationProgress />}>
      <Outlet />
      <ScrollRestoration />
    </AppShell>
  );
}
