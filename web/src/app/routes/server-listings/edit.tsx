import type { OwnedServerListing } from '@cairn/shared/schemas/server-listings';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { data as routeData, useParams, type LoaderFunction } from 'react-router';
import { serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { ServerListingForm } from '../../../features/server-listings/components/server-listing-form';
import styles from '../../../features/server-listings/components/server-listings.module.css';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

const owned = (listing: unknown): listing is OwnedServerListing => typeof listing === 'object' && listing !== null && 'hidden_reason' in listing;

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ params }) => {
    // Only its owner and moderators get the owner's view; anyone else gets the 404 page.
    if (!owned(await queryClient.ensureQueryData(serverListingQueries.detail(params.id ?? '')))) throw routeData('Not found', { status: 404 });
    return null;
  };

/** `/server-listing/{id}/edit`: the owner's form. */
export function Component() {
  const t = useT();
  useHead({ title: t('serverListings.edit.title'), noindex: true });
  const { data } = useQuery(serverListingQueries.detail(useParams().id ?? ''));
  if (!owned(data)) return null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serverListings.edit.title')}</h1>
      <ServerListingForm listing={data} />
    </div>
  );
}
