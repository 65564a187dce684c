import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { SettingsLayout } from '../../../features/settings/components/settings-layout';
import { currentUserQuery } from '../../../lib/auth';

/** The section list depends on whether someone is signed in. */
export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(currentUserQuery());
    return null;
  };

export function Component() {
  return <SettingsLayout />;
}
