import type { ProjectType } from '@cairn/shared/constants/project-types';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { reviewChecksQueries } from '../api/review-checks-queries';
import { ReviewChecksList } from './review-checks-list';
import styles from './review-checks.module.css';

export interface SubmissionPreChecks {
  /** True while a check fails or the checks are still running: submission waits. */
  blocking: boolean;
  content: ReactNode;
}

/**
 * The pre-checks for the team's submit step (the publishing checklist shows `content` and keeps
 * its submit button disabled while `blocking`). Undefined when not `enabled`. When the checks
 * cannot be run the team may still submit: moderators see the checks again in the review.
 */
export function useSubmissionPreChecks(project: { id: string; slug: string }, type: ProjectType, enabled: boolean): SubmissionPreChecks | undefined {
  const t = useT();
  const { data, isPending, isError } = useQuery({ ...reviewChecksQueries.project(project.id), enabled });
  if (!enabled) return undefined;
  if (isError) {
    return { blocking: false, content: <p className={styles.text}>{t('creator.preChecks.error')}</p> };
  }
  if (isPending || !data) {
    return {
      blocking: true,
      content: (
        <p className={styles.text} role="status">
          {t('creator.preChecks.loading')}
        </p>
      ),
    };
  }
  return { blocking: !data.can_submit, content: <ReviewChecksList checks={data} type={type} slug={project.slug} audience="creator" /> };
}
