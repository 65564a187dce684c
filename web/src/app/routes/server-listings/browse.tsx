import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunction } from 'react-router';
import { searchQueryFrom, serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { ServerListingSearch } from '../../../features/server-listings/components/server-listing-search';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    await queryClient.ensureQueryData(serverListingQueries.search(searchQueryFrom(new URL(request.url).searchParams)));
    return null;
  };

/** `/server-listings`: search and browse public servers. */
export function Component() {
  const t = useT();
  useHead({ title: t('serverListings.browse.title'), description: t('serverListings.browse.intro') });
  return <ServerListingSearch />;
}
