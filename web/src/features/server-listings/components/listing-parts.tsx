import type { ServerListing, ServerListingRegion } from '@cairn/shared/schemas/server-listings';
import { CopyButton } from '../../../components/ui/copy-button';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { MessageId } from '../../../lib/i18n/catalogs';
import styles from './server-listings.module.css';

/** The message id of a region's name. */
export const regionLabelId = (region: ServerListingRegion): MessageId => `serverListings.region.${region}` as MessageId;

/** Online with its player count, or offline, as the last ping found it. */
export function PlayerCount({ listing }: { listing: ServerListing }) {
  const t = useT();
  const { ping } = listing;
  if (!ping.checked) return <span>{t('serverListings.ping.never')}</span>;
  if (!ping.online) return <span className={styles.offline}>{t('serverListings.ping.offline')}</span>;
  return (
    <span className={styles.online}>
      {ping.players_max === null ? t('serverListings.ping.playersOnline', { online: ping.players_online ?? 0 }) : t('serverListings.ping.players', { online: ping.players_online ?? 0, max: ping.players_max })}
    </span>
  );
}

/** The address players paste into the game, with a copy button. */
export function ListingAddress({ listing }: { listing: ServerListing }) {
  const t = useT();
  return (
    <div className={styles.address}>
      <code>{listing.address}</code>
      <CopyButton size="small" text={listing.address} label={t('serverListings.address.copy')} copiedLabel={t('serverListings.address.copied')} />
    </div>
  );
}

/** The last ping's time, for "checked 3 minutes ago". */
export function CheckedTime({ listing }: { listing: ServerListing }) {
  const t = useT();
  if (!listing.ping.checked) return null;
  return (
    <span>
      {t('serverListings.ping.checked')} <RelativeTime date={listing.ping.checked} />
    </span>
  );
}

/** The "Hosted on Cairn" mark of a listing made from a hosted server. */
export function HostedBadge({ listing }: { listing: ServerListing }) {
  const t = useT();
  return listing.hosted ? <span className={styles.badge}>{t('serverListings.hosted')}</span> : null;
}
