import type { Project } from '@cairn/shared/schemas/projects';
import { useId, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n/i18n-provider';
import { canResubmit } from '../utils/visibility';
import { ModerationStatus } from './moderation-status';
import { ResubmitPanel } from './resubmit-panel';
import styles from './project-moderation.module.css';

interface ProjectModerationTabProps {
  project: Project;
  /** The review-queue position panel (place in the queue, typical wait), shown while in review. */
  queuePositionPanel?: ReactNode;
  /** The project's conversation with the moderators. */
  thread: ReactNode;
}

/** The project's Moderation tab for its team and moderators. */
export function ProjectModerationTab({ project, queuePositionPanel, thread }: ProjectModerationTabProps) {
  const t = useT();
  const messagesId = useId();
  return (
    <div className={styles.tab}>
      <ModerationStatus project={project} />
      {queuePositionPanel}
      {canResubmit(project.status) && <ResubmitPanel project={project} />}
      <section className={styles.card} aria-labelledby={messagesId}>
        <h2 id={messagesId} className={styles.heading}>
          {t('moderationTab.messages')}
        </h2>
        <p className={styles.text}>{project.status === 'approved' ? t('moderationTab.messagesUnmonitored') : t('moderationTab.messagesText')}</p>
        {thread}
      </section>
    </div>
  );
}
