import { useQuery } from '@tanstack/react-query';
import { RelativeTime } from '../../../components/ui/format';
import { useT } from '../../../lib/i18n/i18n-provider';
import { moderationQueries } from '../api/moderation-queries';
import styles from './moderation.module.css';

/**
 * A project's place in the review queue and the typical wait, for its team (the project's
 * Moderation tab mounts it: `<QueuePositionPanel projectId={project.id} />`, inside a page that
 * loads the `moderation` message area).
 */
export function QueuePositionPanel({ projectId }: { projectId: string }) {
  const t = useT();
  const { data } = useQuery(moderationQueries.queuePosition(projectId));
  if (!data) return null;
  return (
    <section className={styles.section} aria-label={t('moderation.position.title')}>
      <h2>{t('moderation.position.title')}</h2>
      {data.position === null ? (
        <p>{t('moderation.position.notQueued')}</p>
      ) : (
        <>
          <p>{t('moderation.position.place', { position: data.position, size: data.queue_size })}</p>
          {data.queued && (
            <p className={styles.meta}>
              {t('moderation.position.submitted')} <RelativeTime date={data.queued} />
            </p>
          )}
        </>
      )}
      <p className={styles.meta}>
        {data.median_review_hours_30d === null
          ? t('moderation.position.noTypical')
          : t('moderation.position.typical', { hours: Math.max(1, Math.round(data.median_review_hours_30d)) })}
      </p>
      {data.p90_review_hours_30d !== null && (
        <p className={styles.meta}>
          {t('moderation.position.p90', { hours: Math.max(1, Math.round(data.p90_review_hours_30d)), decisions: data.decisions_30d })}
        </p>
      )}
    </section>
  );
}
