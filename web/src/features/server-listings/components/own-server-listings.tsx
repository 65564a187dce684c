import { useSuspenseQuery } from '@tanstack/react-query';
import { AppLink } from '../../../components/ui/app-link';
import { ButtonLink } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverListingQueries } from '../api/server-listings-queries';
import { PlayerCount } from './listing-parts';
import styles from './server-listings.module.css';

/** `/server-listings/mine`: the caller's listings with their review state and why any is out of search. */
export function OwnServerListings() {
  const t = useT();
  const { data: listings } = useSuspenseQuery(serverListingQueries.mine());
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{t('serverListings.mine.title')}</h1>
        <ButtonLink color="brand" to={paths.serverListingNew.getHref()}>
          {t('serverListings.browse.add')}
        </ButtonLink>
      </div>
      {listings.length === 0 ? (
        <EmptyState framed>{t('serverListings.mine.empty')}</EmptyState>
      ) : (
        <DataTable
          caption={t('serverListings.mine.title')}
          verticalAlign="top"
          columns={[
            { key: 'name', label: t('serverListings.field.name') },
            { key: 'status', label: t('serverListings.mine.status') },
            { key: 'players', label: t('serverListings.mine.players') },
            { key: 'hidden', label: t('serverListings.mine.hidden') },
          ]}
        >
          {listings.map((listing) => (
            <tr key={listing.id}>
              <td>
                <AppLink to={paths.serverListing.getHref(listing.id)}>{listing.name}</AppLink>
              </td>
              <td>{t(`serverListings.status.${listing.status}`)}</td>
              <td>
                <PlayerCount listing={listing} />
              </td>
              <td>{listing.hidden_reason ?? t('serverListings.mine.visible')}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}
