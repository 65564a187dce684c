import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunction } from 'react-router';
import { serverListingQueries } from '../../../features/server-listings/api/server-listings-queries';
import { ServerListingForm } from '../../../features/server-listings/components/server-listing-form';
import styles from '../../../features/server-listings/components/server-listings.module.css';
import { useHead } from '../../../lib/head';
import { useT } from '../../../lib/i18n/i18n-provider';

export const createLoader =
  (queryClient: QueryClient): LoaderFunction =>
  async ({ request }) => {
    const server = new URL(request.url).searchParams.get('server');
    if (server) await queryClient.ensureQueryData(serverListingQueries.server(server));
    return null;
  };

/** `/server-listings/new` (`?server=` from a hosted server's panel): list a server. */
export function Component() {
  const t = useT();
  useHead({ title: t('serverListings.new.title'), noindex: true });
  const serverId = useSearchParams()[0].get('server');
  const server = useQuery({ ...serverListingQueries.server(serverId ?? ''), enabled: Boolean(serverId) });
  if (serverId && !server.data) return null;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serverListings.new.title')}</h1>
      <ServerListingForm server={server.data} />
    </div>
  );
}
