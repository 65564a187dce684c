import { SERVER_NAME_MAX } from '@cairn/shared/schemas/servers';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useServerNameSchema } from '../../../lib/servers/use-server-name-schema';
import { useZodForm } from '../../../lib/use-zod-form';

interface ServerNameModalProps {
  open: boolean;
  planName: string;
  onClose: () => void;
  onSubmit: (name: string) => void;
}

/** First step of buying a server: its name. Payment follows in billing's modal. */
export function ServerNameModal({ open, planName, onClose, onSubmit }: ServerNameModalProps) {
  const t = useT();
  const formId = useId();
  const schema = useServerNameSchema();
  const { register, handleSubmit, formState } = useZodForm(schema, { name: '' });
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('servers.purchase.title', { plan: planName })}
      footer={
        <>
          <Button onClick={onClose}>{t('servers.purchase.cancel')}</Button>
          <Button type="submit" form={formId} color="brand">
            {t('servers.purchase.continue')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(({ name }) => onSubmit(name.trim()))(event)}>
        <TextField
          label={t('servers.purchase.name')}
          hint={t('servers.purchase.nameHint', { max: SERVER_NAME_MAX })}
          maxLength={SERVER_NAME_MAX}
          autoComplete="off"
          required
          error={formState.errors.name?.message}
          {...register('name')}
        />
      </form>
    </Modal>
  );
}
