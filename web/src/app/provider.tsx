import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface AppProviderProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** App-wide context. Auth, theme and notifications will join the query client here. */
export function AppProvider({ queryClient, children }: AppProviderProps) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
