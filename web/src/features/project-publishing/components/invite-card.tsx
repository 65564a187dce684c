import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useAcceptInvite, useDeclineInvite } from '../api/use-publishing-mutations';
import styles from './member-header.module.css';

/** A pending invitation to the project's team: accept to join, decline to drop it. */
export function InviteCard({ project, member }: { project: Project; member: TeamMember }) {
  const t = useT();
  const headingId = useId();
  const notifications = useNotifications();
  const accept = useAcceptInvite(member.team_id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('creator.invite.accepted'), text: project.title }),
    onError: (error) => notifications.addError(error),
  });
  const decline = useDeclineInvite(member.team_id, member.user.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('creator.invite.declined'), text: project.title }),
    onError: (error) => notifications.addError(error),
  });
  const busy = accept.isPending || decline.isPending;
  return (
    <section className={styles.invite} aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className={styles.heading}>
          {t('creator.invite.title')}
        </h2>
        <p className={styles.text}>{t('creator.invite.text', { title: project.title, role: member.role })}</p>
      </div>
      <div className={styles.buttons}>
        <Button color="brand" disabled={busy} onClick={() => accept.mutate()}>
          {t('creator.invite.accept')}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => decline.mutate()}>
          {t('creator.invite.decline')}
        </Button>
      </div>
    </section>
  );
}
