import type { ProjectType } from '@cairn/shared/constants/project-types';
import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../lib/i18n/i18n-provider';
import { reviewChecksQueries } from '../api/review-checks-queries';
import { ReviewChecksList } from './review-checks-list';
import styles from './review-checks.module.css';

/**
 * The pre-checks beside a moderator's review of a project (the review panel mounts it): a
 * disclosure whose summary gives the counts, so the narrow panel stays short until opened.
 */
export function ProjectReviewChecks({ project, type }: { project: { id: string; slug: string }; type: ProjectType }) {
  const t = useT();
  const { data, isError } = useQuery(reviewChecksQueries.project(project.id));
  if (isError) return <p className={styles.text}>{t('creator.preChecks.error')}</p>;
  if (!data) {
    return (
      <p className={styles.text} role="status">
        {t('creator.preChecks.loading')}
      </p>
    );
  }
  return (
    <details className={styles.disclosure}>
      <summary className={styles.disclosureSummary}>
        {t('creator.preChecks.title')}: {t('creator.preChecks.summary', data.counts)}
      </summary>
      <ReviewChecksList checks={data} type={type} slug={project.slug} audience="moderator" />
    </details>
  );
}
