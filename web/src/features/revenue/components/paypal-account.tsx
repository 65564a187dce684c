import type { PayoutAccounts } from '@cairn/shared/schemas/payouts';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdatePayoutAccounts } from '../api/use-revenue-mutations';
import revenue from './revenue.module.css';
import styles from './payout-methods.module.css';

/** The PayPal account withdrawals by PayPal go to: its email, or a form to connect one. */
export function PaypalAccount({ paypal }: { paypal: PayoutAccounts['paypal'] }) {
  const t = useT();
  const toasts = useNotifications();
  const schema = z.object({ email: z.string().trim().pipe(z.email({ message: t('analytics.payoutMethods.emailInvalid') })) });
  const { register, handleSubmit, reset, formState } = useZodForm<{ email: string }>(schema, { email: '' });
  const update = useUpdatePayoutAccounts({
    onSuccess: (_data, body) => {
      reset({ email: '' });
      toasts.add({ type: 'success', title: t(body.paypal_email ? 'analytics.payoutMethods.paypalConnectedToast' : 'analytics.payoutMethods.paypalDisconnectedToast') });
    },
    onError: (error) => toasts.addError(error),
  });

  if (paypal) {
    return (
      <div className={revenue.actions}>
        <p className={revenue.muted}>{t('analytics.payoutMethods.paypalConnected', { email: paypal.email })}</p>
        <Button disabled={update.isPending} onClick={() => update.mutate({ paypal_email: null })}>
          {t('analytics.payoutMethods.paypalDisconnect')}
        </Button>
      </div>
    );
  }
  return (
    <form className={styles.inline} onSubmit={(event) => void handleSubmit((values) => update.mutate({ paypal_email: values.email }))(event)} noValidate>
      <TextField label={t('analytics.payoutMethods.paypalEmail')} type="email" autoComplete="email" hint={t('analytics.payoutMethods.paypalNone')} error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" color="brand" disabled={update.isPending}>
        {t('analytics.payoutMethods.paypalConnect')}
      </Button>
    </form>
  );
}
