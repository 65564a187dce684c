import type { OwnedServerListing } from '@cairn/shared/schemas/server-listings';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { TextAreaField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverListingQueries } from '../api/server-listings-queries';
import { useModerateServerListingMutation } from '../api/use-server-listing-mutations';
import { ListingAddress, PlayerCount } from './listing-parts';
import styles from './server-listings.module.css';

function QueuedListing({ listing }: { listing: OwnedServerListing }) {
  const t = useT();
  const [message, setMessage] = useState('');
  const decide = useModerateServerListingMutation();
  const reject = (status: 'rejected' | 'withheld') => decide.mutate({ id: listing.id, body: { status, message } });
  return (
    <article className={styles.card} aria-labelledby={`queued-${listing.id}`}>
      <h2 className={styles.cardTitle} id={`queued-${listing.id}`}>
        <AppLink to={paths.serverListing.getHref(listing.id)}>{listing.name}</AppLink>
      </h2>
      <p className={styles.description}>{listing.summary}</p>
      <p className={styles.meta}>
        {listing.owner.username} · {listing.game_version} · <PlayerCount listing={listing} />
      </p>
      <ListingAddress listing={listing} />
      <TextAreaField label={t('serverListings.moderation.message')} hint={t('serverListings.moderation.messageHint')} value={message} onChange={(event) => setMessage(event.target.value)} rows={2} maxLength={2000} />
      <div className={styles.actions}>
        <Button color="green" disabled={decide.isPending} onClick={() => decide.mutate({ id: listing.id, body: { status: 'approved', message: null } })}>
          {t('serverListings.moderation.approve')}
        </Button>
        <Button color="red" disabled={decide.isPending || message.trim() === ''} onClick={() => reject('rejected')}>
          {t('serverListings.moderation.reject')}
        </Button>
        <Button disabled={decide.isPending || message.trim() === ''} onClick={() => reject('withheld')}>
          {t('serverListings.moderation.withhold')}
        </Button>
      </div>
    </article>
  );
}

/** `/moderation/server-listings`: listings waiting for review, oldest first. */
export function ServerListingQueue() {
  const t = useT();
  const { data: listings } = useSuspenseQuery(serverListingQueries.queue());
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('serverListings.moderation.title')}</h1>
      {listings.length === 0 ? (
        <EmptyState framed>{t('serverListings.moderation.empty')}</EmptyState>
      ) : (
        <ul className={styles.results}>
          {listings.map((listing) => (
            <li key={listing.id}>
              <QueuedListing listing={listing} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
