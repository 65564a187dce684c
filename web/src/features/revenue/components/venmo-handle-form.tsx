import { VENMO_HANDLE_PATTERN, type PayoutAccounts } from '@cairn/shared/schemas/payouts';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdatePayoutAccounts } from '../api/use-revenue-mutations';
import styles from './payout-methods.module.css';

/** The Venmo handle withdrawals by Venmo go to; saving it empty removes it. */
export function VenmoHandleForm({ venmo }: { venmo: PayoutAccounts['venmo'] }) {
  const t = useT();
  const toasts = useNotifications();
  const schema = z.object({ handle: z.string().trim().refine((text) => text === '' || VENMO_HANDLE_PATTERN.test(text), t('analytics.payoutMethods.venmoInvalid')) });
  const { register, handleSubmit, formState } = useZodForm<{ handle: string }>(schema, { handle: venmo?.handle ?? '' });
  const update = useUpdatePayoutAccounts({
    onSuccess: () => toasts.add({ type: 'success', title: t('analytics.payoutMethods.venmoSavedToast') }),
    onError: (error) => toasts.addError(error),
  });
  return (
    <form className={styles.inline} onSubmit={(event) => void handleSubmit((values) => update.mutate({ venmo_handle: values.handle || null }))(event)} noValidate>
      <TextField label={t('analytics.payoutMethods.venmoHandle')} placeholder="@example" autoComplete="off" spellCheck={false} hint={t('analytics.payoutMethods.venmoHint')} error={formState.errors.handle?.message} {...register('handle')} />
      <Button type="submit" disabled={update.isPending}>
        {t('analytics.payoutMethods.venmoSave')}
      </Button>
    </form>
  );
}
