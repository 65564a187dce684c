import { useId } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import type { CardDetails } from '../api/sandbox-client';
import { cardDigits, cardNumberLengths, cvcLength, detectCardBrand, formatCardNumber, isExpired, parseExpiry, passesLuhn } from '../utils/card';
import { CardBrandIcon } from './card-brand-icon';
import styles from './card-form.module.css';

interface CardFormProps {
  onSubmit: (card: CardDetails) => void;
  submitLabel: string;
  /** The button's label while the card is sent (default "Saving…"). */
  pendingLabel?: string;
  pending?: boolean;
  /** Why the processor or the API refused the last attempt. */
  error?: string;
}

const valuesSchema = z.object({ number: z.string(), expiry: z.string(), cvc: z.string() });
type CardValues = z.infer<typeof valuesSchema>;

/**
 * The card's number (its brand shown as it is typed), expiry and security code, checked here
 * (Luhn, length, a date not in the past) before anything is sent to the processor.
 */
export function CardForm({ onSubmit, submitLabel, pendingLabel, pending = false, error }: CardFormProps) {
  const t = useT();
  const noteId = useId();
  const schema = valuesSchema.superRefine((values, ctx) => {
    const digits = cardDigits(values.number);
    const brand = detectCardBrand(digits);
    if (digits === '') ctx.addIssue({ code: 'custom', path: ['number'], message: t('billing.card.numberRequired') });
    else if (!/^\d+$/.test(digits) || !passesLuhn(digits) || (brand !== 'unknown' && !cardNumberLengths(brand).includes(digits.length)) || digits.length < 12)
      ctx.addIssue({ code: 'custom', path: ['number'], message: t('billing.card.numberInvalid') });
    const expiry = parseExpiry(values.expiry);
    if (!expiry) ctx.addIssue({ code: 'custom', path: ['expiry'], message: t('billing.card.expiryInvalid') });
    else if (isExpired(expiry)) ctx.addIssue({ code: 'custom', path: ['expiry'], message: t('billing.card.expired') });
    const digitsNeeded = cvcLength(brand);
    if (!new RegExp(`^\\d{${digitsNeeded}}$`).test(values.cvc.trim())) ctx.addIssue({ code: 'custom', path: ['cvc'], message: t('billing.card.cvcInvalid', { digits: digitsNeeded }) });
  });
  const { register, handleSubmit, watch, setValue, formState } = useZodForm<CardValues>(schema, { number: '', expiry: '', cvc: '' });
  const brand = detectCardBrand(watch('number'));
  const numberField = register('number', { onChange: (event: { target: { value: string } }) => setValue('number', formatCardNumber(event.target.value)) });

  const submit = handleSubmit((values) => {
    const expiry = parseExpiry(values.expiry)!;
    onSubmit({ number: cardDigits(values.number), exp_month: expiry.month, exp_year: expiry.year, cvc: values.cvc.trim() });
  });

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate aria-describedby={noteId}>
      <p id={noteId} className={styles.note}>
        {t('billing.card.sandboxNote')}
      </p>
      <TextField
        label={t('billing.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={formState.errors.number?.message}
        hint={
          brand !== 'unknown' ? (
            <span className={styles.brand} data-testid="card-brand">
              <CardBrandIcon brand={brand} /> {t(`billing.brand.${brand}`)}
            </span>
          ) : undefined
        }
        {...numberField}
      />
      <div className={styles.row}>
        <TextField label={t('billing.card.expiry')} hint={t('billing.card.expiryHint')} inputMode="numeric" autoComplete="cc-exp" error={formState.errors.expiry?.message} {...register('expiry')} />
        <TextField
          label={t('billing.card.cvc')}
          hint={t('billing.card.cvcHint', { digits: cvcLength(brand) })}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          error={formState.errors.cvc?.message}
          {...register('cvc')}
        />
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <div className={styles.actions}>
        <Button type="submit" color="brand" disabled={pending}>
          {pending ? (pendingLabel ?? t('billing.card.saving')) : submitLabel}
        </Button>
      </div>
    </form>
  );
}
