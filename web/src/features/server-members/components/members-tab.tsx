import { SERVER_MEMBER_ROLES, SERVER_PERMISSIONS, SERVER_ROLE_PRESETS, type ServerMemberRole, type ServerPermission } from '@cairn/shared/constants/server-permissions';
import type { ServerMember } from '@cairn/shared/schemas/server-members';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { HttpError } from '../../../lib/api-client';
import type { MessageId } from '../../../lib/i18n/catalogs';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { editServerMember, inviteServerMember, removeServerMember, useMemberMutation, type MemberRoleChoice } from '../api/server-members-queries';
import styles from './members-tab.module.css';

const roleLabel = (role: ServerMemberRole | 'owner' | 'admin') => `servers.members.role.${role}` as MessageId;
const permissionLabel = (permission: ServerPermission) => `servers.members.permission.${permission}` as MessageId;

/** A role select with the custom permission checkboxes under it (shown for Custom only). */
function RoleFields({ value, onChange, idPrefix }: { value: MemberRoleChoice; onChange: (value: MemberRoleChoice) => void; idPrefix: string }) {
  const t = useT();
  const selectId = `${idPrefix}-role`;
  const permissions = value.role === 'custom' ? (value.permissions ?? []) : SERVER_ROLE_PRESETS[value.role];
  return (
    <>
      <div className={styles.field}>
        <label htmlFor={selectId}>{t('servers.members.roleLabel')}</label>
        <Select
          id={selectId}
          value={value.role}
          onChange={(event) => {
            const role = event.target.value as ServerMemberRole;
            onChange(role === 'custom' ? { role, permissions: [...permissions] } : { role });
          }}
        >
          {SERVER_MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(roleLabel(role))}
            </option>
          ))}
        </Select>
      </div>
      <fieldset className={styles.permissions}>
        <legend>{t('servers.members.permissionsLabel')}</legend>
        {SERVER_PERMISSIONS.map((permission) => (
          <CheckboxField
            key={permission}
            label={t(permissionLabel(permission))}
            checked={permissions.includes(permission)}
            disabled={value.role !== 'custom'}
            onChange={(event) =>
              onChange({ role: 'custom', permissions: event.target.checked ? [...permissions, permission] : permissions.filter((p) => p !== permission) })
            }
          />
        ))}
      </fieldset>
    </>
  );
}

function InviteForm({ serverId }: { serverId: string }) {
  const t = useT();
  const id = useId();
  const [username, setUsername] = useState('');
  const [choice, setChoice] = useState<MemberRoleChoice>({ role: 'limited' });
  const [problem, setProblem] = useState<string>();
  const invite = useMemberMutation(
    (body: { username: string } & MemberRoleChoice) => inviteServerMember(serverId, body),
    (body) => t('servers.members.invited', { username: body.username }),
    () => {
      setUsername('');
      setProblem(undefined);
    },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim()) {
      setProblem(t('servers.members.usernameRequired'));
      return;
    }
    if (choice.role === 'custom' && !choice.permissions?.length) {
      setProblem(t('servers.members.permissionsRequired'));
      return;
    }
    setProblem(undefined);
    invite.mutate({ username: username.trim(), ...choice });
  };
  const apiProblem = invite.error instanceof HttpError ? invite.error.message : undefined;
  return (
    <form className={styles.invite} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className={styles.subtitle}>
        {t('servers.members.inviteTitle')}
      </h3>
      <TextField label={t('servers.members.username')} value={username} onChange={(event) => setUsername(event.target.value)} autoComplete="off" error={problem} maxLength={64} />
      <RoleFields value={choice} onChange={setChoice} idPrefix={`${id}-invite`} />
      {apiProblem && <FormAlert>{apiProblem}</FormAlert>}
      <Button type="submit" color="brand" disabled={invite.isPending}>
        {t('servers.members.invite')}
      </Button>
    </form>
  );
}

function MemberRow({ serverId, member, canManage, ownerView }: { serverId: string; member: ServerMember; canManage: boolean; ownerView: boolean }) {
  const t = useT();
  const id = useId();
  const [choice, setChoice] = useState<MemberRoleChoice>(member.role === 'custom' ? { role: 'custom', permissions: member.permissions } : { role: member.role });
  const [confirming, setConfirming] = useState(false);
  const save = useMemberMutation((body: MemberRoleChoice) => editServerMember(serverId, member.user.id, body), () => t('servers.members.saved', { username: member.user.username }));
  const remove = useMemberMutation(() => removeServerMember(serverId, member.user.id), () => t('servers.members.removed', { username: member.user.username }), () => setConfirming(false));
  // Only the owner grants or changes the members permission.
  const editable = canManage && (ownerView || !member.permissions.includes('members'));
  return (
    <li className={styles.member} aria-labelledby={`${id}-name`}>
      <div className={styles.memberHead}>
        <strong id={`${id}-name`}>{member.user.username}</strong>
        <span className={styles.role}>{member.accepted ? t(roleLabel(member.role)) : t('servers.members.pending', { role: t(roleLabel(member.role)) })}</span>
      </div>
      {editable ? (
        <div className={styles.memberEdit}>
          <RoleFields value={choice} onChange={setChoice} idPrefix={`${id}-edit`} />
          <div className={styles.actions}>
            <Button onClick={() => save.mutate(choice)} disabled={save.isPending || (choice.role === 'custom' && !choice.permissions?.length)}>
              {t('servers.members.save')}
            </Button>
            <Button color="red" onClick={() => setConfirming(true)}>
              {member.accepted ? t('servers.members.remove') : t('servers.members.withdraw')}
            </Button>
          </div>
        </div>
      ) : (
        <p className={styles.summary}>{member.permissions.map((p) => t(permissionLabel(p))).join(', ')}</p>
      )}
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('servers.members.removeTitle', { username: member.user.username })}
        confirmLabel={t('servers.members.remove')}
        onConfirm={() => remove.mutate(undefined)}
        pending={remove.isPending}
      >
        <p>{t('servers.members.removeText')}</p>
      </ConfirmModal>
    </li>
  );
}

/** Members: who shares the server, inviting by username, roles and custom permissions, removal. */
export function MembersTab({ serverId }: { serverId: string }) {
  const t = useT();
  const query = useQuery(serverQueries.members(serverId));
  if (query.isPending) return <p role="status">{t('servers.members.loading')}</p>;
  if (query.isError) return <FormAlert>{t('servers.members.loadError')}</FormAlert>;
  const { owner, members, my_permissions: mine, my_role: myRole } = query.data;
  const canManage = mine.includes('members');
  return (
    <div className={styles.tab}>
      <section aria-labelledby="server-members-title" className={styles.section}>
        <h2 id="server-members-title" className={styles.title}>
          {t('servers.members.title')}
        </h2>
        <p className={styles.yourRole}>{t('servers.members.yourRole', { role: t(roleLabel(myRole)) })}</p>
        <ul className={styles.list}>
          <li className={styles.member}>
            <div className={styles.memberHead}>
              <strong>{owner.username}</strong>
              <span className={styles.role}>{t(roleLabel('owner'))}</span>
            </div>
          </li>
          {members.map((member) => (
            <MemberRow key={member.user.id} serverId={serverId} member={member} canManage={canManage} ownerView={myRole === 'owner' || myRole === 'admin'} />
          ))}
        </ul>
        {members.length === 0 && <p>{t('servers.members.empty')}</p>}
      </section>
      {canManage && <InviteForm serverId={serverId} />}
    </div>
  );
}
