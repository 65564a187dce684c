import { useSuspenseQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/format';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { moderationQueries } from '../api/moderation-queries';
import styles from './moderation.module.css';

/** `/moderation`: how many projects wait and since when, with the ways in. */
export function ModerationHome() {
  const t = useT();
  const { data } = useSuspenseQuery(moderationQueries.queueSummary());
  const oldest = data.projects[0]?.queued;
  return (
    <section className={styles.section}>
      <h1>{t('moderation.home.title')}</h1>
      <p>{t('moderation.home.queueSize', { count: data.total })}</p>
      {oldest && (
        <p>
          {t('moderation.home.oldest')} <RelativeTime date={oldest} />
        </p>
      )}
      <div className={styles.row}>
        <ButtonLink to={paths.moderation.review.getHref()} color="brand">
          {t('moderation.home.review')}
        </ButtonLink>
        <ButtonLink to={paths.moderation.reports.getHref()} variant="outlined">
          {t('moderation.home.reports')}
        </ButtonLink>
      </div>
    </section>
  );
}
