import type { OwnedServerListing, ServerListing } from '@cairn/shared/schemas/server-listings';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Banner } from '../../../components/ui/banner';
import { Button, ButtonLink } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverListingQueries } from '../api/server-listings-queries';
import { useDeleteServerListingMutation, usePingServerListingMutation } from '../api/use-server-listing-mutations';
import { CheckedTime, HostedBadge, ListingAddress, PlayerCount, regionLabelId } from './listing-parts';
import styles from './server-listings.module.css';

/** The live state refreshes every minute while the page is open (the worker pings every five). */
const REFRESH_MS = 60_000;

const isOwned = (listing: ServerListing | OwnedServerListing): listing is OwnedServerListing => 'hidden_reason' in listing;

/** What only the owner and moderators see: the review state, why the listing is hidden, and their tools. */
function OwnerPanel({ listing }: { listing: OwnedServerListing }) {
  const t = useT();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const ping = usePingServerListingMutation();
  const remove = useDeleteServerListingMutation({ onSuccess: () => navigate(paths.ownServerListings.getHref()) });
  return (
    <section className={styles.card} aria-labelledby="listing-owner-heading">
      <h2 className={styles.cardTitle} id="listing-owner-heading">
        {t('serverListings.owner.heading')}
      </h2>
      <p>{t(`serverListings.status.${listing.status}`)}</p>
      {listing.moderation_message ? (
        <Banner tone="warning" title={t('serverListings.owner.moderatorMessage')}>
          <p className={styles.description}>{listing.moderation_message}</p>
        </Banner>
      ) : null}
      {listing.hidden_reason ? (
        <Banner tone="warning" title={t('serverListings.owner.hidden')}>
          <p className={styles.description}>{listing.hidden_reason}</p>
        </Banner>
      ) : null}
      {listing.ping_error ? <p>{t('serverListings.owner.pingError', { error: listing.ping_error })}</p> : null}
      <div className={styles.actions}>
        <ButtonLink to={paths.serverListingEdit.getHref(listing.id)}>{t('serverListings.owner.edit')}</ButtonLink>
        <Button onClick={() => ping.mutate(listing.id)} disabled={ping.isPending}>
          {t('serverListings.owner.ping')}
        </Button>
        <Button color="red" onClick={() => setConfirming(true)}>
          {t('serverListings.owner.delete')}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        title={t('serverListings.owner.deleteTitle')}
        confirmLabel={t('serverListings.owner.delete')}
        onConfirm={() => remove.mutate(listing.id)}
        onClose={() => setConfirming(false)}
        pending={remove.isPending}
      >
        <p>{t('serverListings.owner.deleteBody', { name: listing.name })}</p>
      </ConfirmModal>
    </section>
  );
}

/** `/server-listing/{id}`: a server's page with its live player count, message of the day and the address to copy. */
export function ServerListingDetails({ id }: { id: string }) {
  const t = useT();
  const { data: listing } = useQuery({ ...serverListingQueries.detail(id), refetchInterval: REFRESH_MS });
  if (!listing) return null;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.title}>{listing.name}</h1>
        <HostedBadge listing={listing} />
      </div>
      <p>{listing.summary}</p>
      <ListingAddress listing={listing} />
      <section className={styles.card} aria-labelledby="listing-live-heading">
        <h2 className={styles.cardTitle} id="listing-live-heading">
          {t('serverListings.live.heading')}
        </h2>
        <p>
          <PlayerCount listing={listing} />
        </p>
        {listing.ping.motd ? (
          <>
            <h3>{t('serverListings.live.motd')}</h3>
            {/* Plain text from the game server: rendered as text, never as markup. */}
            <p className={styles.motd}>{listing.ping.motd}</p>
          </>
        ) : null}
        <p className={styles.meta}>
          <CheckedTime listing={listing} />
        </p>
      </section>
      <dl className={styles.details}>
        <dt>{t('serverListings.field.gameVersion')}</dt>
        <dd>{listing.ping.version_name && listing.ping.version_name !== listing.game_version ? `${listing.game_version} (${listing.ping.version_name})` : listing.game_version}</dd>
        <dt>{t('serverListings.field.loader')}</dt>
        <dd>{listing.loader}</dd>
        {listing.modpack ? (
          <>
            <dt>{t('serverListings.field.modpack')}</dt>
            <dd>
              <AppLink to={paths.project.getHref('modpack', listing.modpack.slug)}>{listing.modpack.title}</AppLink>
            </dd>
          </>
        ) : null}
        {listing.region ? (
          <>
            <dt>{t('serverListings.field.region')}</dt>
            <dd>{t(regionLabelId(listing.region))}</dd>
          </>
        ) : null}
        <dt>{t('serverListings.field.owner')}</dt>
        <dd>
          <AppLink to={paths.user.getHref(listing.owner.username)}>{listing.owner.username}</AppLink>
        </dd>
      </dl>
      {listing.description ? <p className={styles.description}>{listing.description}</p> : null}
      {isOwned(listing) ? <OwnerPanel listing={listing} /> : null}
    </div>
  );
}
