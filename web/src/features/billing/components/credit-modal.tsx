import { z } from 'zod';
import { TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreditSubscription } from '../api/use-billing-mutations';
import styles from './admin-billing.module.css';

const valuesSchema = z.object({ days: z.string() });
type CreditValues = z.infer<typeof valuesSchema>;

/** Staff: push a subscription's next renewal back by some days. */
export function CreditModal({ subscriptionId, onClose }: { subscriptionId: string; onClose: () => void }) {
  const t = useT();
  const toasts = useNotifications();
  const schema = valuesSchema.refine((v) => /^\d+$/.test(v.days.trim()) && Number(v.days) >= 1 && Number(v.days) <= 3650, { path: ['days'], message: t('billing.admin.creditDaysInvalid') });
  const { register, handleSubmit, formState } = useZodForm<CreditValues>(schema, { days: '' });
  const credit = useCreditSubscription({
    onSuccess: () => {
      toasts.add({ type: 'success', title: t('billing.admin.credited') });
      onClose();
    },
    onError: (error) => toasts.addError(error),
  });
  const submit = handleSubmit((values) => credit.mutate({ subscription_ids: [subscriptionId], days: Number(values.days) }));
  return (
    <FormModal
      title={t('billing.admin.creditTitle')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('billing.admin.creditConfirm')}
      submitDisabled={credit.isPending}
      formClassName={styles.form}
    >
      <TextField label={t('billing.admin.creditDays')} inputMode="numeric" error={formState.errors.days?.message} {...register('days')} />
    </FormModal>
  );
}
