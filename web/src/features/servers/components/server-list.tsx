import type { Server } from '@cairn/shared/schemas/servers';
import { useId, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverPaths } from '../../../config/server-paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { matchesServerSearch, serverPill } from '../../../lib/servers/server-display';
import { ServerCard } from './server-card';
import styles from './server-list.module.css';

interface ServerListProps {
  servers: readonly Server[];
  /** A server was just bought and has not shown up yet. */
  awaitingPurchase?: boolean;
}

/** `/servers/manage`: the customer's servers, servers still being set up first. */
export function ServerList({ servers, awaitingPurchase = false }: ServerListProps) {
  const t = useT();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const ordered = [...servers].sort((a, b) => Number(b.status === 'unprovisioned') - Number(a.status === 'unprovisioned'));
  const shown = ordered.filter((server) => matchesServerSearch(server, query, t(serverPill(server).key)));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('servers.manage.title')}</h1>
        <div className={styles.actions}>
          <ButtonLink to={serverPaths.ownNodes()}>{t('servers.ownNodes.title')}</ButtonLink>
          <ButtonLink to={serverPaths.plans()} color="brand">
            {t('servers.manage.new')}
          </ButtonLink>
        </div>
      </header>
      {servers.length > 0 && (
        <div className={styles.search}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('servers.manage.searchLabel')}
          </label>
          <Input id={searchId} type="search" block value={query} placeholder={t('servers.manage.search')} onChange={(event) => setQuery(event.target.value)} />
        </div>
      )}
      {awaitingPurchase && (
        <div className={styles.pending} role="status">
          <Skeleton width="40%" height="1.25rem" />
          <p>{t('servers.manage.awaiting')}</p>
        </div>
      )}
      {servers.length === 0 && !awaitingPurchase ? (
        <EmptyState framed>
          {t('servers.manage.empty')}
        </EmptyState>
      ) : shown.length === 0 && servers.length > 0 ? (
        <EmptyState>{t('servers.manage.noMatch')}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('servers.manage.listLabel')}>
          {shown.map((server) => (
            <ServerCard key={server.id} server={server} />
          ))}
        </ul>
      )}
    </div>
  );
}
