import { forwardRef, type InputHTMLAttributes } from 'react';
import { TextField } from '../ui/form';
import { useT } from '../../lib/i18n/i18n-provider';

type TwoFactorCodeFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> & {
  /** Also takes a backup code (signing in, removing two-factor); otherwise only the app's six digits (set-up). */
  acceptsBackupCode?: boolean;
  error?: string;
};

/** The box for a code from the authenticator app, labelled for what it takes. */
export const TwoFactorCodeField = forwardRef<HTMLInputElement, TwoFactorCodeFieldProps>(function TwoFactorCodeField({ acceptsBackupCode = false, ...rest }, ref) {
  const t = useT();
  return acceptsBackupCode ? (
    <TextField ref={ref} label={t('account.twoFactor.codeLabel')} autoComplete="one-time-code" maxLength={11} {...rest} />
  ) : (
    <TextField ref={ref} label={t('account.twoFactor.verificationCode')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...rest} />
  );
});
