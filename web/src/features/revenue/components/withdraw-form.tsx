import type { CreatePayoutBody, PayoutMethod, Withdrawal } from '@cairn/shared/schemas/payouts';
import { useSuspenseQueries } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import { SettingsForm, SettingsFormActions } from '../../../components/layout/settings-page';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormAlert, TextField } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { revenuePaths } from '../../../config/revenue-paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { revenueQueries } from '../api/revenue-queries';
import { useWithdraw } from '../api/use-revenue-mutations';
import { useFeePreview } from '../hooks/use-fee-preview';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { amountProblem, formatCents, parseDollars } from '../utils/money';
import { FeePreview } from './fee-preview';
import { MethodPicker } from './method-picker';
import { RevenuePage } from './revenue-page';
import { WithdrawalDone } from './withdrawal-done';
import styles from './revenue.module.css';

const valuesSchema = z.object({ method_id: z.string(), amount: z.string(), address: z.string() });
type WithdrawValues = z.infer<typeof valuesSchema>;
type Field = keyof WithdrawValues;

/** The API names the field its 400 is about ("amount: the smallest withdrawal is …"). */
function fieldOf(error: unknown): { field: Field | 'root.server'; message: string } | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  const match = /^(amount|method_id|method_address): (.*)$/s.exec(error.description);
  if (!match) return { field: 'root.server', message: error.description };
  const field: Field = match[1] === 'method_address' ? 'address' : (match[1] as 'amount' | 'method_id');
  return { field, message: match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1) };
}

/** `/dashboard/revenue/withdraw`: method, amount (checked against the method and the balance), fee preview, confirm. */
export function WithdrawForm() {
  const t = useT();
  const toasts = useNotifications();
  const [{ data: methods }, { data: balance }] = useSuspenseQueries({ queries: [revenueQueries.methods(), revenueQueries.balance()] });
  const [confirming, setConfirming] = useState<CreatePayoutBody | undefined>();
  const [done, setDone] = useState<Withdrawal | undefined>();
  // One key per attempted withdrawal: asking again for the same one (after a lost answer) reuses it.
  const [attempt, setAttempt] = useState<{ signature: string; key: string } | undefined>();

  const methodById = (id: string) => methods.find((m) => m.id === id);
  const limitsOf = (method: PayoutMethod) => ({ min: method.min_amount, max: method.max_amount, available: balance.available });
  const problemText = (method: PayoutMethod, cents: number | undefined): string | undefined => {
    const problem = amountProblem(cents, limitsOf(method));
    if (problem === 'invalid') return t('analytics.withdraw.error.invalid');
    if (problem === 'belowMinimum') return t('analytics.withdraw.error.belowMinimum', { amount: formatCents(method.min_amount) });
    if (problem === 'aboveMaximum') return t('analytics.withdraw.error.aboveMaximum', { amount: formatCents(method.max_amount) });
    if (problem === 'aboveAvailable') return t('analytics.withdraw.error.aboveAvailable', { amount: formatCents(balance.available) });
    return undefined;
  };
  const schema = valuesSchema.superRefine((values, ctx) => {
    const method = methodById(values.method_id);
    if (!method) return;
    const message = problemText(method, parseDollars(values.amount));
    if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
  });
  const { register, handleSubmit, watch, setError, formState } = useZodForm<WithdrawValues>(schema, { method_id: methods[0]?.id ?? '', amount: '', address: '' });
  const method = methodById(watch('method_id'));
  const cents = parseDollars(watch('amount'));
  const previewable = method && amountProblem(cents, limitsOf(method)) === undefined ? cents : undefined;
  const preview = useFeePreview(method?.id, previewable);

  const withdraw = useWithdraw({
    onSuccess: (withdrawal) => {
      setConfirming(undefined);
      setDone(withdrawal);
      toasts.add({ type: 'success', title: t('analytics.withdraw.toast') });
    },
    onError: (error) => {
      setConfirming(undefined);
      const known = fieldOf(error);
      if (known) setError(known.field, { type: 'server', message: known.message });
      else toasts.addError(error);
    },
  });

  const page = (children: ReactNode) => (
    <RevenuePage title={t('analytics.withdraw.heading')} intro={t('analytics.withdraw.available', { amount: formatCents(balance.available) })}>
      {children}
    </RevenuePage>
  );
  if (done) return page(<WithdrawalDone withdrawal={done} />);
  if (methods.length === 0 || balance.available < 1) {
    return page(<EmptyState>{methods.length === 0 ? t('analytics.withdraw.noMethods') : t('analytics.withdraw.nothing')}</EmptyState>);
  }

  const submit = handleSubmit((values) => {
    const chosen = methodById(values.method_id);
    const amount = parseDollars(values.amount);
    if (!chosen || amount === undefined) return;
    const signature = JSON.stringify([chosen.id, amount]);
    const key = attempt?.signature === signature ? attempt.key : newIdempotencyKey();
    setAttempt({ signature, key });
    setConfirming({ amount, method_id: chosen.id, idempotency_key: key });
  });
  const confirmingFee = confirming && preview.fees?.amount === confirming.amount ? preview.fees : undefined;

  return page(
    <>
      <SettingsForm onSubmit={(event) => void submit(event)} noValidate>
        <MethodPicker methods={methods} register={register('method_id')} error={formState.errors.method_id?.message} />
        {method && (
          <TextField
            label={t('analytics.withdraw.amount')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('analytics.withdraw.amountHint', { min: formatCents(method.min_amount), max: formatCents(Math.min(method.max_amount, balance.available)) })}
            error={formState.errors.amount?.message}
            {...register('amount')}
          />
        )}
        <FeePreview fees={preview.fees} pending={preview.pending} />
        {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
        <SettingsFormActions>
          <ButtonLink to={revenuePaths.getHref()} variant="transparent">
            {t('common.cancel')}
          </ButtonLink>
          <Button type="submit" color="brand">
            {t('analytics.withdraw.submit')}
          </Button>
        </SettingsFormActions>
      </SettingsForm>
      <Modal
        open={confirming !== undefined}
        onClose={() => setConfirming(undefined)}
        title={confirming ? t('analytics.withdraw.confirmTitle', { amount: formatCents(confirming.amount) }) : ''}
        footer={
          <>
            <Button variant="transparent" onClick={() => setConfirming(undefined)}>
              {t('common.cancel')}
            </Button>
            <Button color="brand" disabled={withdraw.isPending} onClick={() => confirming && withdraw.mutate(confirming)}>
              {t('analytics.withdraw.submit')}
            </Button>
          </>
        }
      >
        {confirming && (
          <p className={styles.muted}>
            {t('analytics.withdraw.confirmText', {
              net: formatCents(confirmingFee?.net_usd ?? confirming.amount),
              fee: formatCents(confirmingFee?.fee ?? 0),
              method: methodById(confirming.method_id)?.name ?? confirming.method_id,
            })}
          </p>
        )}
      </Modal>
    </>,
  );
}
