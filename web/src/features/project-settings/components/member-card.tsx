import { PROJECT_PERMISSIONS } from '@cairn/shared/constants/permissions';
import { PayoutsSplitSchema, TeamRoleSchema, type TeamMember } from '@cairn/shared/schemas/teams';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useModifyMember, useRemoveMember, useTransferOwnership } from '../api/use-team-mutations';
import { canGrant, holds, PERMISSION_ORDER, togglePermission } from '../utils/permissions';
import styles from './members-settings.module.css';
import controls from './settings-controls.module.css';

interface MemberValues {
  role: string;
  payouts_split: number;
  permissions: number;
}

interface MemberCardProps {
  teamId: string;
  member: TeamMember;
  /** The editor's own project permissions. */
  editorPermissions: number;
  /** Whether the editor owns the project (may hand it over). */
  editorIsOwner: boolean;
  onDirtyChange: (userId: string, dirty: boolean) => void;
}

/** One member: role, monetization weight and permissions, saved on their own. */
export function MemberCard({ teamId, member, editorPermissions, editorIsOwner, onDirtyChange }: MemberCardProps) {
  const t = useT();
  const notifications = useNotifications();
  const isOwner = member.role === 'Owner';
  const canEdit = holds(editorPermissions, 'EDIT_MEMBER') && !isOwner;
  const canRemove = !isOwner && (member.accepted ? holds(editorPermissions, 'REMOVE_MEMBER') : holds(editorPermissions, 'MANAGE_INVITES'));
  const [confirm, setConfirm] = useState<'remove' | 'transfer' | undefined>();
  const schema = useMemo(
    () =>
      z.object({
        role: z.string().refine((value) => TeamRoleSchema.safeParse(value).success, t('projectSettings.members.roleInvalid')),
        payouts_split: z.number({ error: t('projectSettings.members.weightInvalid') }).refine((value) => PayoutsSplitSchema.safeParse(value).success, t('projectSettings.members.weightInvalid')),
        permissions: z.number(),
      }),
    [t],
  );
  const initial: MemberValues = { role: member.role, payouts_split: member.payouts_split ?? 0, permissions: member.permissions ?? 0 };
  const { getValues, register, handleSubmit, reset, setError, setValue, control, formState } = useZodForm<MemberValues>(schema, initial);
  const { errors, isDirty } = formState;
  const permissions = useWatch({ control, name: 'permissions' });
  const name = member.user.username;

  useEffect(() => onDirtyChange(member.user.id, isDirty), [isDirty, member.user.id, onDirtyChange]);

  const save = useModifyMember(teamId, member.user.id, {
    onSuccess: () => {
      // The saved values become the new baseline, so the form is clean until the next edit.
      reset(getValues());
      notifications.add({ type: 'success', title: t('projectSettings.members.saved', { name }) });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof MemberValues>(error, {}, { role: 'role', payouts_split: 'payouts_split', permissions: 'permissions' })),
  });
  const remove = useRemoveMember(teamId, {
    onSuccess: () => {
      setConfirm(undefined);
      notifications.add({ type: 'success', title: t('projectSettings.members.removed', { name }) });
    },
    onError: (error) => notifications.addError(error),
  });
  const transfer = useTransferOwnership(teamId, {
    onSuccess: () => {
      setConfirm(undefined);
      notifications.add({ type: 'success', title: t('projectSettings.members.transferred', { name }) });
    },
    onError: (error) => notifications.addError(error),
  });
  const submit = handleSubmit((values) => {
    const body = isOwner ? { payouts_split: values.payouts_split } : { role: values.role.trim(), payouts_split: values.payouts_split, permissions: values.permissions };
    save.mutate(body);
  });

  const headingId = `member-${member.user.id}`;
  return (
    <li className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHeader}>
        <Avatar src={member.user.avatar_url} name={name} />
        <div>
          <h3 id={headingId} className={styles.name}>
            {name}
          </h3>
          <p className={styles.meta}>{isOwner ? t('projectSettings.members.owner') : member.accepted ? member.role : t('projectSettings.members.pending')}</p>
        </div>
      </div>
      <form className={controls.form} onSubmit={(event) => void submit(event)} noValidate aria-label={t('projectSettings.members.formLabel', { name })}>
        <div className={styles.fields}>
          <TextField label={t('projectSettings.members.role')} maxLength={64} disabled={!canEdit} error={errors.role?.message} {...register('role')} />
          <TextField
            label={t('projectSettings.members.weight')}
            type="number"
            min={0}
            max={5000}
            hint={t('projectSettings.members.weightHint')}
            disabled={!holds(editorPermissions, 'EDIT_MEMBER')}
            error={errors.payouts_split?.message}
            {...register('payouts_split', { valueAsNumber: true })}
          />
        </div>
        <fieldset className={styles.permissions} disabled={!canEdit}>
          <legend className={controls.legend}>{t('projectSettings.members.permissions')}</legend>
          {PERMISSION_ORDER.map((permission) => (
            <CheckboxField
              key={permission}
              label={t(`projectSettings.permission.${permission}`)}
              checked={isOwner || holds(permissions, permission)}
              disabled={!canGrant(editorPermissions, permission)}
              onChange={(event) => setValue('permissions', togglePermission(permissions, permission, event.target.checked, editorPermissions), { shouldDirty: true })}
              data-bit={PROJECT_PERMISSIONS[permission]}
            />
          ))}
        </fieldset>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <div className={controls.actions}>
          {editorIsOwner && member.accepted && !isOwner && (
            <Button variant="outlined" onClick={() => setConfirm('transfer')}>
              {t('projectSettings.members.transfer')}
            </Button>
          )}
          {canRemove && (
            <Button variant="outlined" color="red" onClick={() => setConfirm('remove')}>
              {t('projectSettings.members.remove')}
            </Button>
          )}
          <Button type="submit" color="brand" disabled={!isDirty || save.isPending}>
            {t('projectSettings.save')}
          </Button>
        </div>
      </form>
      <ConfirmModal
        open={confirm === 'remove'}
        onClose={() => setConfirm(undefined)}
        title={t('projectSettings.members.removeTitle', { name })}
        confirmLabel={t('projectSettings.members.remove')}
        onConfirm={() => remove.mutate(member.user.id)}
        pending={remove.isPending}
      >
        <p>{t('projectSettings.members.removeBody', { name })}</p>
      </ConfirmModal>
      <ConfirmModal
        open={confirm === 'transfer'}
        onClose={() => setConfirm(undefined)}
        title={t('projectSettings.members.transferTitle', { name })}
        confirmLabel={t('projectSettings.members.transfer')}
        onConfirm={() => transfer.mutate(member.user.id)}
        pending={transfer.isPending}
      >
        <p>{t('projectSettings.members.transferBody', { name })}</p>
      </ConfirmModal>
    </li>
  );
}
