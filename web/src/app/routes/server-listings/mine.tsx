import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { OwnServerListings } from '../../../features/server-listings/components/own-server-listings';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async () => {
    await queryClient.ensureQueryData(serverListingQueries.mine());
    return null;
  };

/** `/server-listings/mine`: the caller's listings (behind the sign-in guard). */
export function Component() {
  const t = useT();
  useHead({ title: t('serverListings.mine.title'), noindex: true });
  return <OwnServerListings />;
}
