import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { HeadProvider } from '../lib/head';
import { I18nProvider } from '../lib/i18n/i18n-provider';
import { NotificationsProvider } from '../lib/notifications-provider';
import { PreferencesProvider } from '../lib/preferences';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide context: data cache, preferences (theme, cosmetics, flags), language, toasts, head tags. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <PreferencesProvider>
        <I18nProvider>
          <NotificationsProvider>
            <HeadProvider>{children}</HeadProvider>
          </NotificationsProvider>
        </I18nProvider>
      </PreferencesProvider>
    </QueryClientProvider>
  );
}
