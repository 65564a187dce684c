import { BACKUP_NAME_MAX } from '@cairn/shared/schemas/servers';
import { useMemo } from 'react';
import { z } from 'zod';
import { FormModal } from '../../../components/ui/form-modal';
import { TextField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';

interface BackupNameModalProps {
  title: string;
  submitLabel: string;
  initialName: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** A backup's name (creating or renaming): 1 to 48 characters once trimmed. */
export function BackupNameModal({ title, submitLabel, initialName, pending, onClose, onSubmit }: BackupNameModalProps) {
  const t = useT();
  const schema = useMemo(
    () => z.object({ name: z.string().refine((v) => v.trim().length >= 1 && v.trim().length <= BACKUP_NAME_MAX, t('servers.backups.nameInvalid', { max: BACKUP_NAME_MAX })) }),
    [t],
  );
  const { register, handleSubmit, formState } = useZodForm(schema, { name: initialName });
  return (
    <FormModal title={title} submitLabel={submitLabel} submitDisabled={pending} onClose={onClose} onSubmit={(event) => void handleSubmit(({ name }) => onSubmit(name.trim()))(event)}>
      <TextField label={t('servers.backups.name')} hint={t('servers.backups.nameHint', { max: BACKUP_NAME_MAX })} maxLength={BACKUP_NAME_MAX} autoComplete="off" required error={formState.errors.name?.message} {...register('name')} />
    </FormModal>
  );
}
