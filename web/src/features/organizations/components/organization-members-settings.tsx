import { ORGANIZATION_PERMISSIONS, PROJECT_PERMISSIONS, hasPermission } from '@cairn/shared/constants/permissions';
import type { Organization } from '@cairn/shared/schemas/organizations';
import type { TeamMember } from '@cairn/shared/schemas/teams';
import { useState, type FormEvent } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CardActions, CardList, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CheckboxField, TextField } from '../../../components/ui/form';
import { useCurrentUser } from '../../../lib/auth';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useEditMember, useInviteMember, useRemoveMember, useTransferOwnership } from '../api/use-organization-changes';
import { ORGANIZATION_PERMISSION_NAMES, PROJECT_PERMISSION_NAMES, canInOrganization } from '../utils/permissions';
import styles from './organization-settings.module.css';

/** Inviting by username, and each member's role, organization and default project permissions. */
export function OrganizationMembersSettings({ organization }: { organization: Organization }) {
  const t = useT();
  const { user } = useCurrentUser();
  const notifications = useNotifications();
  const [username, setUsername] = useState('');
  const [inviteError, setInviteError] = useState<string>();
  const invite = useInviteMember(organization.team_id, {
    onSuccess: (_data, { user: name }) => {
      setUsername('');
      setInviteError(undefined);
      notifications.add({ type: 'success', title: t('organizations.members.invitedToast'), text: name });
    },
    onError: (error) => setInviteError(error.message),
  });
  const onInvite = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim()) invite.mutate({ user: username.trim(), change: {} });
  };
  return (
    <>
      {canInOrganization(organization, user, 'MANAGE_INVITES') && (
        <section className={styles.section} aria-labelledby="organization-invite">
          <h1 id="organization-invite" className={styles.sectionTitle}>
            {t('organizations.members.invite')}
          </h1>
          <form className={styles.row} onSubmit={onInvite} noValidate>
            <TextField label={t('organizations.members.username')} value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" error={inviteError} />
            <Button type="submit" color="brand" disabled={invite.isPending}>
              {t('organizations.members.inviteSubmit')}
            </Button>
          </form>
        </section>
      )}
      <section className={styles.section} aria-labelledby="organization-member-list">
        <h2 id="organization-member-list" className={styles.sectionTitle}>
          {t('organizations.settings.members')}
        </h2>
        <CardList>
          {organization.members.map((member) => (
            <MemberCard key={member.user.id} organization={organization} member={member} />
          ))}
        </CardList>
      </section>
    </>
  );
}

function MemberCard({ organization, member }: { organization: Organization; member: TeamMember }) {
  const t = useT();
  const { user } = useCurrentUser();
  const notifications = useNotifications();
  const [role, setRole] = useState(member.role === 'Owner' ? 'Member' : member.role);
  const [organizationBits, setOrganizationBits] = useState(member.organization_permissions ?? 0);
  const [projectBits, setProjectBits] = useState(member.permissions ?? 0);
  const [transferring, setTransferring] = useState(false);
  const name = member.user.username;
  const isOwner = member.role === 'Owner';
  const fail = (title: string) => (error: Error) => notifications.add({ type: 'error', title, text: error.message });
  const edit = useEditMember(organization.team_id, { onSuccess: () => notifications.add({ type: 'success', title: t('organizations.members.savedToast'), text: name }), onError: fail(t('organizations.members.save')) });
  const remove = useRemoveMember(organization.team_id, { onSuccess: () => notifications.add({ type: 'success', title: t('organizations.members.removedToast'), text: name }), onError: fail(t('organizations.members.remove')) });
  const transfer = useTransferOwnership(organization.team_id, {
    onSuccess: () => {
      setTransferring(false);
      notifications.add({ type: 'success', title: t('organizations.members.transferredToast'), text: name });
    },
    onError: fail(t('organizations.members.transfer')),
  });
  const canEdit = !isOwner && canInOrganization(organization, user, 'EDIT_MEMBER');
  const canEditDefaults = canEdit && canInOrganization(organization, user, 'EDIT_MEMBER_DEFAULT_PERMISSIONS');
  const canRemove = !isOwner && canInOrganization(organization, user, member.accepted ? 'REMOVE_MEMBER' : 'MANAGE_INVITES');
  const ownerIsMe = organization.members.some((m) => m.role === 'Owner' && m.user.id === user?.id);
  const toggle = (bits: number, bit: number) => (hasPermission(bits, bit) ? bits & ~bit : bits | bit);
  const save = () =>
    edit.mutate({ userId: member.user.id, change: { role, organization_permissions: organizationBits, ...(canEditDefaults ? { permissions: projectBits } : {}) } });
  return (
    <CardListItem
      media={<Avatar src={member.user.avatar_url} name={name} />}
      actions={
        <CardActions>
          {canEdit && (
            <Button color="brand" disabled={edit.isPending} onClick={save}>
              {t('organizations.members.save')}
            </Button>
          )}
          {canRemove && (
            <Button variant="outlined" disabled={remove.isPending} onClick={() => remove.mutate(member.user.id)}>
              {t('organizations.members.remove')}
            </Button>
          )}
          {ownerIsMe && !isOwner && member.accepted && (
            <Button variant="outlined" onClick={() => setTransferring(true)}>
              {t('organizations.members.transfer')}
            </Button>
          )}
        </CardActions>
      }
    >
      <CardTitle>{name}</CardTitle>
      <CardMeta>{isOwner ? t('organizations.page.owner') : member.accepted ? member.role : t('organizations.members.pending')}</CardMeta>
      {canEdit && (
        <div className={styles.member}>
          <TextField label={t('organizations.members.role')} value={role} maxLength={64} onChange={(e) => setRole(e.target.value)} />
          <fieldset className={styles.permissions}>
            <legend>{t('organizations.members.organizationPermissions')}</legend>
            {ORGANIZATION_PERMISSION_NAMES.map((bit) => (
              <CheckboxField
                key={bit}
                label={t(`organizations.permission.${bit}`)}
                checked={hasPermission(organizationBits, ORGANIZATION_PERMISSIONS[bit])}
                disabled={!canInOrganization(organization, user, bit)}
                onChange={() => setOrganizationBits((bits) => toggle(bits, ORGANIZATION_PERMISSIONS[bit]))}
              />
            ))}
          </fieldset>
          <fieldset className={styles.permissions}>
            <legend>{t('organizations.members.projectPermissions')}</legend>
            {PROJECT_PERMISSION_NAMES.map((bit) => (
              <CheckboxField
                key={bit}
                label={t(`organizations.projectPermission.${bit}`)}
                checked={hasPermission(projectBits, PROJECT_PERMISSIONS[bit])}
                disabled={!canEditDefaults}
                onChange={() => setProjectBits((bits) => toggle(bits, PROJECT_PERMISSIONS[bit]))}
              />
            ))}
          </fieldset>
        </div>
      )}
      <ConfirmModal
        open={transferring}
        onClose={() => setTransferring(false)}
        title={t('organizations.members.transferTitle', { name })}
        confirmLabel={t('organizations.members.transfer')}
        onConfirm={() => transfer.mutate(member.user.id)}
        pending={transfer.isPending}
      >
        <p>{t('organizations.members.transferHint', { name })}</p>
      </ConfirmModal>
    </CardListItem>
  );
}
