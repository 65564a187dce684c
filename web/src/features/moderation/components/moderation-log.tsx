import { useSuspenseQuery } from '@tanstack/react-query';
import { Pagination } from '../../../components/pagination/pagination';
import { AppLink } from '../../../components/ui/app-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { RelativeTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { LOG_PAGE_SIZE, moderationQueries } from '../api/moderation-queries';
import styles from './moderation.module.css';

/** `/moderation/log`: the public log of decisions on projects that are public now. */
export function ModerationLog({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const t = useT();
  const { data } = useSuspenseQuery(moderationQueries.log(page));
  return (
    <section className={styles.section}>
      <h1>{t('moderation.log.title')}</h1>
      <p>{t('moderation.log.lede')}</p>
      {data.entries.length === 0 ? (
        <EmptyState framed>{t('moderation.log.empty')}</EmptyState>
      ) : (
        <ul className={styles.list}>
          {data.entries.map((entry) => (
            <li key={`${entry.item_id}-${entry.date}`} className={styles.item}>
              <div className={styles.itemMain}>
                <p className={styles.itemName}>
                  <AppLink to={paths.project.getPermanentHref(entry.item_id)}>{entry.item_name}</AppLink>
                  {': '}
                  {t(`moderation.status.${entry.decision}`)}
                </p>
                <p className={styles.meta}>{entry.reason ?? t('moderation.log.noReason')}</p>
              </div>
              <RelativeTime date={entry.date} className={styles.meta} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={Math.ceil(data.total / LOG_PAGE_SIZE)} onChange={onPage} label={t('moderation.log.pages')} />
    </section>
  );
}
