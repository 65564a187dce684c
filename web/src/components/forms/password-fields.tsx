import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cairn/shared/schemas/auth';
import type { ComponentProps } from 'react';
import { z } from 'zod';
import { TextField } from '../ui/form';
import { useT } from '../../lib/i18n/i18n-provider';

export interface PasswordPair {
  password: string;
  confirm: string;
}

type Translate = ReturnType<typeof useT>;

/** Client-side checks of a new password and its confirmation (the server judges strength). */
export function checkPasswordPair(pair: PasswordPair, t: Translate): { password?: string; confirm?: string } {
  const password =
    pair.password.length < PASSWORD_MIN_LENGTH
      ? t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH })
      : pair.password.length > PASSWORD_MAX_LENGTH
        ? t('account.password.tooLong', { max: PASSWORD_MAX_LENGTH })
        : undefined;
  const confirm = pair.confirm !== pair.password ? t('account.password.mismatch') : undefined;
  return { password, confirm };
}

/** The same checks for a zod form schema: a new password field… */
export function newPasswordSchema(t: Translate) {
  return z
    .string()
    .min(PASSWORD_MIN_LENGTH, t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH }))
    .max(PASSWORD_MAX_LENGTH, t('account.password.tooLong', { max: PASSWORD_MAX_LENGTH }));
}

/** …and its confirmation, checked on the whole form (it runs even when other fields fail). */
export function confirmationMatches(t: Translate) {
  return (values: PasswordPair, ctx: z.RefinementCtx) => {
    if (values.confirm !== values.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: t('account.password.mismatch') });
  };
}

type InputProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type' | 'autoComplete' | 'hint' | 'error'>;

/** New password + confirmation, with their errors; the inputs are the caller's (registered). */
export function PasswordFields({
  passwordInput,
  confirmInput,
  errors,
  passwordLabel,
}: {
  passwordInput: InputProps;
  confirmInput: InputProps;
  errors: { password?: string; confirm?: string };
  passwordLabel?: string;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={passwordLabel ?? t('account.password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('account.password.hint', { min: PASSWORD_MIN_LENGTH })}
        error={errors.password}
        {...passwordInput}
      />
      <TextField label={t('account.password.confirm')} type="password" autoComplete="new-password" error={errors.confirm} {...confirmInput} />
    </>
  );
}
