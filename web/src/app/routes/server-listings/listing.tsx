import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useParams, type LoaderFunction } from 'react-router';
import { serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { ServerListingDetails } from '../../../features/server-listings/components/server-listing-details';
import { useHead } from '../../../lib/head';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    await queryClient.ensureQueryData(serverListingQueries.detail(params.id ?? ''));
    return null;
  };

/** `/server-listing/{id}`: one server's public page. */
export function Component() {
  const id = useParams().id ?? '';
  const { data } = useQuery(serverListingQueries.detail(id));
  useHead({ title: data?.name ?? '', description: data?.summary, noindex: data?.status !== 'approved' });
  return <ServerListingDetails id={id} />;
}
