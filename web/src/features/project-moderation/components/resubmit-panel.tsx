import type { Project } from '@cairn/shared/schemas/projects';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { THREAD_MESSAGE_MAX } from '@cairn/shared/schemas/threads';
import { useResubmit } from '../api/use-resubmit';
import styles from './project-moderation.module.css';

/** Rejected or withheld: back to the review queue, with an optional reply to the moderators. */
export function ResubmitPanel({ project }: { project: Project }) {
  const t = useT();
  const headingId = useId();
  const notifications = useNotifications();
  const [reply, setReply] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const resubmit = useResubmit(project.id, project.thread_id, {
    onSuccess: () => {
      setReply('');
      notifications.add({ type: 'success', title: t('moderationTab.resubmitted') });
    },
    onError: (error) => notifications.addError(error),
  });
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('moderationTab.resubmitTitle')}
      </h2>
      <p className={styles.text}>{t('moderationTab.resubmitText')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed) resubmit.mutate(reply);
        }}
      >
        <TextAreaField label={t('moderationTab.resubmitReply')} rows={4} maxLength={THREAD_MESSAGE_MAX} value={reply} onChange={(event) => setReply(event.target.value)} />
        <CheckboxField label={t('moderationTab.resubmitConfirm')} checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
        <div className={styles.actions}>
          <Button type="submit" color="orange" disabled={!confirmed || resubmit.isPending}>
            {reply.trim() ? t('moderationTab.resubmitWithReply') : t('moderationTab.resubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
