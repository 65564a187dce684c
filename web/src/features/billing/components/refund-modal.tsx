import { numberFormat } from '@cairn/shared/format/intl-cache';
import type { Charge } from '@cairn/shared/schemas/billing';
import { z } from 'zod';
import { CheckboxField, FieldLabel, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { parseAmount } from '../../../lib/parse-amount';
import { useZodForm } from '../../../lib/use-zod-form';
import { useRefundCharge } from '../api/use-billing-mutations';
import { formatBillingAmount } from '../utils/money';
import styles from './admin-billing.module.css';

const valuesSchema = z.object({ type: z.enum(['full', 'partial', 'none']), amount: z.string(), unprovision: z.boolean() });
type RefundValues = z.infer<typeof valuesSchema>;

/** Decimals of a currency's major unit (2 for USD, 0 for JPY). */
function fractionDigitsOf(currency: string): number {
  return numberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Staff: refund a succeeded charge in full, in part or not at all, optionally ending the perks now. */
export function RefundModal({ charge, onClose }: { charge: Charge; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const toasts = useNotifications();
  const fractionDigits = fractionDigitsOf(charge.currency_code);
  const minorUnitsOf = (amount: string) => parseAmount(amount, locale, fractionDigits);
  const schema = valuesSchema.superRefine((values, ctx) => {
    if (values.type !== 'partial') return;
    const minor = minorUnitsOf(values.amount);
    if (minor === undefined || minor < 1 || minor > charge.amount)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: t('billing.admin.refundAmountInvalid', { max: formatBillingAmount(charge.amount, charge.currency_code, locale) }) });
  });
  const { register, handleSubmit, watch, formState } = useZodForm<RefundValues>(schema, { type: 'full', amount: '', unprovision: false });
  const refund = useRefundCharge({
    onSuccess: () => {
      toasts.add({ type: 'success', title: t('billing.admin.refunded') });
      onClose();
    },
    onError: (error) => toasts.addError(error),
  });
  const submit = handleSubmit((values) =>
    refund.mutate({
      id: charge.id,
      body: {
        amount: values.type === 'partial' ? { type: 'partial', amount: minorUnitsOf(values.amount)! } : { type: values.type },
        unprovision: values.unprovision,
      },
    }),
  );
  const type = watch('type');
  return (
    <FormModal
      title={t('billing.admin.refundTitle')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('billing.admin.refundConfirm')} submitColor="red"
      submitDisabled={refund.isPending}
      formClassName={styles.form}
    >
      <fieldset className={styles.radios}>
        <FieldLabel as="legend">{t('billing.admin.refundType')}</FieldLabel>
        <label>
          <input type="radio" value="full" {...register('type')} /> {t('billing.admin.refundFull', { amount: formatBillingAmount(charge.amount, charge.currency_code, locale) })}
        </label>
        <label>
          <input type="radio" value="partial" {...register('type')} /> {t('billing.admin.refundPartial')}
        </label>
        <label>
          <input type="radio" value="none" {...register('type')} /> {t('billing.admin.refundNone')}
        </label>
      </fieldset>
      {type === 'partial' && (
        <TextField label={t('billing.admin.refundAmount', { currency: charge.currency_code })} inputMode="decimal" error={formState.errors.amount?.message} {...register('amount')} />
      )}
      <CheckboxField label={t('billing.admin.unprovision')} {...register('unprovision')} />
    </FormModal>
  );
}
