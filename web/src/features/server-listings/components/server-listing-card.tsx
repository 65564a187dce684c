import type { ServerListing } from '@cairn/shared/schemas/server-listings';
import { AppLink } from '../../../components/ui/app-link';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { HostedBadge, ListingAddress, PlayerCount, regionLabelId } from './listing-parts';
import styles from './server-listings.module.css';

/** One listing in the search results: name, summary, players, version and the address to copy. */
export function ServerListingCard({ listing }: { listing: ServerListing }) {
  const t = useT();
  return (
    <article className={styles.card} aria-labelledby={`listing-${listing.id}`}>
      <h2 className={styles.cardTitle} id={`listing-${listing.id}`}>
        <AppLink to={paths.serverListing.getHref(listing.id)}>{listing.name}</AppLink>
      </h2>
      <p className={styles.description}>{listing.summary}</p>
      <ul className={styles.meta}>
        <li>
          <PlayerCount listing={listing} />
        </li>
        <li>{t('serverListings.gameVersion', { version: listing.game_version })}</li>
        {listing.modpack ? <li>{listing.modpack.title}</li> : null}
        {listing.region ? <li>{t(regionLabelId(listing.region))}</li> : null}
        {listing.hosted ? (
          <li>
            <HostedBadge listing={listing} />
          </li>
        ) : null}
      </ul>
      <ListingAddress listing={listing} />
    </article>
  );
}
