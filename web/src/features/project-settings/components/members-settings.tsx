import type { Project } from '@cairn/shared/schemas/projects';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { useCallback, useMemo, useState } from 'react';
import { z } from 'zod';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { TextField } from '../../../components/ui/form';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useInviteMember, useLeaveProject } from '../api/use-team-mutations';
import { holds, type SettingsAccess } from '../utils/permissions';
import { MemberCard } from './member-card';
import { NoAccessNotice } from './no-access-notice';
import styles from './members-settings.module.css';
import controls from './settings-controls.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** Owner first, then accepted members by name, then invitations. */
function orderMembers(members: readonly TeamMember[]): TeamMember[] {
  const rank = (m: TeamMember) => (m.role === 'Owner' ? 0 : m.accepted ? 1 : 2);
  return [...members].sort((a, b) => rank(a) - rank(b) || a.user.username.localeCompare(b.user.username, undefined, { sensitivity: 'base' }));
}

function InviteForm({ teamId }: { teamId: string }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(() => z.object({ username: z.string().trim().min(1, t('projectSettings.members.usernameRequired')) }), [t]);
  const { register, handleSubmit, reset, setError, formState } = useZodForm<{ username: string }>(schema, { username: '' });
  const invite = useInviteMember(teamId, {
    onSuccess: (_, username) => {
      reset();
      notifications.add({ type: 'success', title: t('projectSettings.members.invited', { name: username }) });
    },
    onError: (error) =>
      setError('username', {
        type: 'server',
        message: error instanceof HttpError && error.status === 404 ? t('projectSettings.members.noSuchUser') : error instanceof HttpError ? error.description : error.message,
      }),
  });
  const submit = handleSubmit((values) => invite.mutate(values.username));
  return (
    <form className={styles.invite} onSubmit={(event) => void submit(event)} noValidate aria-label={t('projectSettings.members.invite')}>
      <TextField label={t('projectSettings.members.username')} autoComplete="off" spellCheck={false} maxLength={39} error={formState.errors.username?.message} {...register('username')} />
      <Button type="submit" color="brand" disabled={invite.isPending}>
        {t('projectSettings.members.inviteButton')}
      </Button>
    </form>
  );
}

interface MembersSettingsProps {
  project: Project;
  members: readonly TeamMember[];
  access: SettingsAccess;
  /** Called after leaving the project. */
  onLeft: () => void;
}

/** Members: invite, edit each member's role, weight and permissions, remove, leave, hand over. */
export function MembersSettings({ project, members, access, onLeft }: MembersSettingsProps) {
  const t = useT();
  const notifications = useNotifications();
  const [dirtyMembers, setDirtyMembers] = useState<ReadonlySet<string>>(new Set());
  const [leaving, setLeaving] = useState(false);
  const onDirtyChange = useCallback((userId: string, dirty: boolean) => {
    setDirtyMembers((current) => {
      if (current.has(userId) === dirty) return current;
      const next = new Set(current);
      if (dirty) next.add(userId);
      else next.delete(userId);
      return next;
    });
  }, []);
  const me = access.member;
  const leave = useLeaveProject(project.team, me?.user.id ?? '', {
    onSuccess: () => {
      setLeaving(false);
      notifications.add({ type: 'success', title: t('projectSettings.members.left', { title: project.title }) });
      onLeft();
    },
    onError: (error) => notifications.addError(error),
  });

  const ordered = orderMembers(members);
  return (
    <>
      <SettingsPageHeader title={t('projectSettings.members.title')} lede={t('projectSettings.members.lede')} />
      {!holds(access.permissions, 'MANAGE_INVITES') && !holds(access.permissions, 'EDIT_MEMBER') && !holds(access.permissions, 'REMOVE_MEMBER') && (
        <NoAccessNotice section="members" permission="EDIT_MEMBER" access={access} />
      )}
      {holds(access.permissions, 'MANAGE_INVITES') && (
        <SettingsSection title={t('projectSettings.members.invite')} description={t('projectSettings.members.inviteLede')} id="invite-member">
          <InviteForm teamId={project.team} />
        </SettingsSection>
      )}
      {me && !access.isOwner && (
        <SettingsSection title={t('projectSettings.members.leave')} description={t('projectSettings.members.leaveLede')} id="leave-project">
          <Button color="red" variant="outlined" onClick={() => setLeaving(true)}>
            {t('projectSettings.members.leave')}
          </Button>
          <ConfirmModal
            open={leaving}
            onClose={() => setLeaving(false)}
            title={t('projectSettings.members.leaveTitle', { title: project.title })}
            confirmLabel={t('projectSettings.members.leave')}
            onConfirm={() => leave.mutate()}
            pending={leave.isPending}
          >
            <p>{t('projectSettings.members.leaveBody')}</p>
          </ConfirmModal>
        </SettingsSection>
      )}
      <section aria-labelledby="team-members-heading" className={controls.form}>
        <h2 id="team-members-heading">{t('projectSettings.members.team')}</h2>
        <ul className={styles.list}>
          {ordered.map((member) => (
            <MemberCard key={member.user.id} teamId={project.team} member={member} editorPermissions={access.permissions} editorIsOwner={access.isOwner} onDirtyChange={onDirtyChange} />
          ))}
        </ul>
      </section>
      <UnsavedChangesGuard dirty={dirtyMembers.size > 0 && !leave.isPending} />
    </>
  );
}
