import type { PayoutMethod, Withdrawal } from '@cairn/shared/schemas/payouts';
import { keepPreviousData, useQuery, useSuspenseQueries } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { SettingsForm, SettingsFormActions } from '../../../components/layout/settings-page';
import { AppLink } from '../../../components/ui/app-link';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckboxField, FieldError, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { revenuePaths } from '../../../config/revenue-paths';
import { HttpError } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { parseAmount } from '../../../lib/parse-amount';
import { useZodForm } from '../../../lib/use-zod-form';
import { revenueQueries } from '../api/revenue-queries';
import { useWithdraw } from '../api/use-revenue-mutations';
import { useFeePreview } from '../hooks/use-fee-preview';
import { newIdempotencyKey } from '../utils/idempotency-key';
import { amountProblem, formatCents } from '../utils/money';
import { accountProblem, recipientOf, type AccountProblem } from '../utils/payout-accounts';
import { initialRegion, rememberRegion } from '../utils/payout-region';
import { FeePreview } from './fee-preview';
import { MethodPicker } from './method-picker';
import { PAYOUT_METHODS_ANCHOR } from './payout-methods-card';
import { RegionSelect } from './region-select';
import { RevenuePage } from './revenue-page';
import { WithdrawalDone } from './withdrawal-done';
import styles from './withdraw.module.css';

const valuesSchema = z.object({ method_id: z.string(), amount: z.string(), fee_consent: z.boolean(), transfer_confirmed: z.boolean() });
type WithdrawValues = z.infer<typeof valuesSchema>;
type Field = 'amount' | 'method_id';

const hasFee = (method: PayoutMethod) => method.fee.percent_bps > 0 || method.fee.min > 0;

/** The API names the field its 400 is about ("amount: the smallest withdrawal is …"). */
function fieldOf(error: unknown): { field: Field | 'root.server'; message: string } | undefined {
  if (!(error instanceof HttpError) || error.status !== 400) return undefined;
  const match = /^(amount|method_id): (.*)$/s.exec(error.description);
  if (!match) return { field: 'root.server', message: error.description };
  return { field: match[1] as Field, message: match[2]!.charAt(0).toUpperCase() + match[2]!.slice(1) };
}

/** The missing account of a method, with the way to set it up. */
function AccountProblemText({ problem }: { problem: AccountProblem }) {
  const t = useT();
  const toEmail = problem === 'emailMissing' || problem === 'emailUnverified';
  return (
    <div className={styles.problem}>
      <FieldError id="withdraw-account-problem">{t(`analytics.withdraw.problem.${problem}`)}</FieldError>
      <AppLink to={toEmail ? paths.settings.account.getHref() : `${revenuePaths.getHref()}#${PAYOUT_METHODS_ANCHOR}`}>
        {t(toEmail ? 'analytics.withdraw.problem.fixEmail' : 'analytics.withdraw.problem.fixAccounts')}
      </AppLink>
    </div>
  );
}

/**
 * `/dashboard/revenue/withdraw`: region first (it decides the methods), then method, amount (checked
 * against the method and the balance), the fee preview, and the consent and confirmation boxes.
 */
export function WithdrawForm() {
  const t = useT();
  const locale = useLocale();
  const toasts = useNotifications();
  const [region, setRegion] = useState(initialRegion);
  const [{ data: balance }, { data: accounts }] = useSuspenseQueries({ queries: [revenueQueries.balance(), revenueQueries.accounts()] });
  const methodsQuery = useQuery({ ...revenueQueries.methods(region), placeholderData: keepPreviousData });
  const methods = methodsQuery.data ?? [];
  const [done, setDone] = useState<Withdrawal | undefined>();
  // One key per attempted withdrawal: sending the same one again (after a lost answer) reuses it.
  const [attempt, setAttempt] = useState<{ signature: string; key: string } | undefined>();

  const methodById = (id: string) => methods.find((m) => m.id === id);
  const limitsOf = (method: PayoutMethod) => ({ min: method.min_amount, max: method.max_amount, available: balance.available });
  const problemText = (method: PayoutMethod, cents: number | undefined): string | undefined => {
    const problem = amountProblem(cents, limitsOf(method));
    if (problem === 'invalid') return t('analytics.withdraw.error.invalid');
    if (problem === 'belowMinimum') return t('analytics.withdraw.error.belowMinimum', { amount: formatCents(method.min_amount, locale) });
    if (problem === 'aboveMaximum') return t('analytics.withdraw.error.aboveMaximum', { amount: formatCents(method.max_amount, locale) });
    if (problem === 'aboveAvailable') return t('analytics.withdraw.error.aboveAvailable', { amount: formatCents(balance.available, locale) });
    return undefined;
  };
  const schema = valuesSchema.superRefine((values, ctx) => {
    const method = methodById(values.method_id);
    if (!method) {
      ctx.addIssue({ code: 'custom', path: ['method_id'], message: t('analytics.withdraw.chooseMethod') });
      return;
    }
    const problem = accountProblem(method, accounts);
    if (problem) ctx.addIssue({ code: 'custom', path: ['method_id'], message: t(`analytics.withdraw.problem.${problem}`) });
    const message = problemText(method, parseAmount(values.amount, locale, 2));
    if (message) ctx.addIssue({ code: 'custom', path: ['amount'], message });
    if (hasFee(method) && !values.fee_consent) ctx.addIssue({ code: 'custom', path: ['fee_consent'], message: t('analytics.withdraw.feeConsentRequired') });
    if (!values.transfer_confirmed) ctx.addIssue({ code: 'custom', path: ['transfer_confirmed'], message: t('analytics.withdraw.confirmTransferRequired') });
  });
  const { register, handleSubmit, watch, setValue, setError, formState } = useZodForm<WithdrawValues>(schema, { method_id: '', amount: '', fee_consent: false, transfer_confirmed: false });
  const methodId = watch('method_id');
  const method = methodById(methodId);
  const cents = parseAmount(watch('amount'), locale, 2);
  const previewable = method && amountProblem(cents, limitsOf(method)) === undefined ? cents : undefined;
  const preview = useFeePreview(method?.id, previewable);
  const problem = method ? accountProblem(method, accounts) : undefined;

  // A region without the chosen method (or the first load) selects the region's first method.
  useEffect(() => {
    if (methodsQuery.isPlaceholderData || !methodsQuery.data) return;
    if (!methodsQuery.data.some((m) => m.id === methodId)) setValue('method_id', methodsQuery.data[0]?.id ?? '');
  }, [methodsQuery.data, methodsQuery.isPlaceholderData, methodId, setValue]);

  const withdraw = useWithdraw({
    onSuccess: (withdrawal) => {
      setDone(withdrawal);
      toasts.add({ type: 'success', title: t('analytics.withdraw.toast') });
    },
    onError: (error) => {
      const known = fieldOf(error);
      if (known) setError(known.field, { type: 'server', message: known.message });
      else toasts.addError(error);
    },
  });

  const page = (children: ReactNode) => (
    <RevenuePage title={t('analytics.withdraw.heading')} intro={t('analytics.withdraw.available', { amount: formatCents(balance.available, locale) })}>
      {children}
    </RevenuePage>
  );
  if (done) return page(<WithdrawalDone withdrawal={done} />);
  if (balance.available < 1) return page(<EmptyState>{t('analytics.withdraw.nothing')}</EmptyState>);

  const changeRegion = (code: string) => {
    rememberRegion(code);
    setRegion(code);
  };
  const submit = handleSubmit((values) => {
    const chosen = methodById(values.method_id);
    const amount = parseAmount(values.amount, locale, 2);
    if (!chosen || amount === undefined) return;
    const signature = JSON.stringify([chosen.id, amount]);
    const key = attempt?.signature === signature ? attempt.key : newIdempotencyKey();
    setAttempt({ signature, key });
    withdraw.mutate({ amount, method_id: chosen.id, country: region, idempotency_key: key });
  });
  const recipient = method ? (recipientOf(method, accounts) ?? t('analytics.withdraw.sandboxAccount')) : undefined;
  const percent = (bps: number) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
  const methodsSettled = !methodsQuery.isPlaceholderData && methodsQuery.isSuccess;

  return page(
    <SettingsForm onSubmit={(event) => void submit(event)} noValidate>
      <RegionSelect value={region} onChange={changeRegion} />
      {!methodsSettled && methodsQuery.isFetching && <p role="status">{t('analytics.withdraw.methodsLoading')}</p>}
      {methodsSettled && methods.length === 0 ? (
        <EmptyState>{t('analytics.withdraw.noMethodsHere')}</EmptyState>
      ) : (
        <MethodPicker methods={methods} selected={methodId} register={register('method_id')} error={problem ? undefined : formState.errors.method_id?.message} />
      )}
      {problem && <AccountProblemText problem={problem} />}
      {method && (
        <TextField
          label={t('analytics.withdraw.amount')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('analytics.withdraw.amountHint', { min: formatCents(method.min_amount, locale), max: formatCents(Math.min(method.max_amount, balance.available), locale) })}
          error={formState.errors.amount?.message}
          {...register('amount')}
        />
      )}
      <FeePreview fees={preview.fees} pending={preview.pending} />
      {method && hasFee(method) && (
        <div>
          <CheckboxField
            label={
              preview.fees
                ? t('analytics.withdraw.feeConsent', { fee: formatCents(preview.fees.fee, locale), net: formatCents(preview.fees.net_usd, locale) })
                : t('analytics.withdraw.feeConsentRule', { rule: t('analytics.withdraw.feeRule', { percent: percent(method.fee.percent_bps), min: formatCents(method.fee.min, locale) }) })
            }
            {...register('fee_consent')}
          />
          {formState.errors.fee_consent && <FieldError>{formState.errors.fee_consent.message}</FieldError>}
        </div>
      )}
      {method && !problem && (
        <div>
          <CheckboxField label={t('analytics.withdraw.confirmTransfer', { account: recipient })} {...register('transfer_confirmed')} />
          {formState.errors.transfer_confirmed && <FieldError>{formState.errors.transfer_confirmed.message}</FieldError>}
        </div>
      )}
      <p className={styles.terms}>
        <FormattedMessage id="analytics.withdraw.terms" values={{ terms: (chunks) => <AppLink to={paths.legal.getHref('terms')}>{chunks}</AppLink> }} />
      </p>
      {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
      <SettingsFormActions>
        <ButtonLink to={revenuePaths.getHref()} variant="transparent">
          {t('common.cancel')}
        </ButtonLink>
        <Button type="submit" color="brand" disabled={withdraw.isPending}>
          {t('analytics.withdraw.submit')}
        </Button>
      </SettingsFormActions>
    </SettingsForm>,
  );
}
