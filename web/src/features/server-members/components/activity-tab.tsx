import { SERVER_ACTIVITY_KINDS, type ServerActivityKind } from '@cairn/shared/constants/server-permissions';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { FormAlert } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { serverActivityQuery, type ActivityFilters } from '../api/server-members-queries';
import styles from './activity-tab.module.css';

const kindLabel = (kind: ServerActivityKind) => `servers.activity.kind.${kind}` as MessageId;

/** Activity: who did what and when, filtered by person and kind, older pages on demand. */
export function ActivityTab({ serverId }: { serverId: string }) {
  const t = useT();
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const people = useQuery(serverQueries.members(serverId));
  const log = useInfiniteQuery(serverActivityQuery(serverId, filters));
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const everyone = people.data ? [people.data.owner, ...people.data.members.map((m) => m.user)] : [];
  return (
    <section className={styles.tab} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('servers.activity.title')}
      </h2>
      <p className={styles.hint}>{t('servers.activity.retention')}</p>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor={`${id}-person`}>{t('servers.activity.person')}</label>
          <Select id={`${id}-person`} value={filters.actor ?? ''} onChange={(event) => setFilters({ ...filters, actor: event.target.value || undefined })}>
            <option value="">{t('servers.activity.everyone')}</option>
            {everyone.map((user) => (
              <option key={user.id} value={user.id}>
                {user.username}
              </option>
            ))}
          </Select>
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-kind`}>{t('servers.activity.kind')}</label>
          <Select id={`${id}-kind`} value={filters.kind ?? ''} onChange={(event) => setFilters({ ...filters, kind: (event.target.value || undefined) as ServerActivityKind | undefined })}>
            <option value="">{t('servers.activity.allKinds')}</option>
            {SERVER_ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindLabel(kind))}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {log.isError && <FormAlert>{t('servers.activity.loadError')}</FormAlert>}
      {log.isPending ? (
        <p role="status">{t('servers.activity.loading')}</p>
      ) : entries.length === 0 ? (
        <p>{t('servers.activity.empty')}</p>
      ) : (
        <table className={styles.table}>
          <caption className={styles.caption}>{t('servers.activity.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('servers.activity.when')}</th>
              <th scope="col">{t('servers.activity.who')}</th>
              <th scope="col">{t('servers.activity.what')}</th>
              <th scope="col">{t('servers.activity.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>
                  <RelativeTime date={entry.created} />
                </td>
                <td>{entry.actor?.username ?? t('servers.activity.system')}</td>
                <td>
                  {t(kindLabel(entry.kind))}: {entry.action.replaceAll('_', ' ')}
                </td>
                <td className={styles.detail}>{entry.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {log.hasNextPage && (
        <Button onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
          {t('servers.activity.older')}
        </Button>
      )}
    </section>
  );
}
