import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@cairn/shared/schemas/auth';
import { TextField } from '../ui/form';
import { useT } from '../../lib/i18n/i18n-provider';

export interface PasswordPair {
  password: string;
  confirm: string;
}

/** Client-side checks of a new password and its confirmation (the server judges strength). */
export function checkPasswordPair(pair: PasswordPair, t: ReturnType<typeof useT>): { password?: string; confirm?: string } {
  const password =
    pair.password.length < PASSWORD_MIN_LENGTH
      ? t('account.password.tooShort', { min: PASSWORD_MIN_LENGTH })
      : pair.password.length > PASSWORD_MAX_LENGTH
        ? t('account.password.tooLong', { max: PASSWORD_MAX_LENGTH })
        : undefined;
  const confirm = pair.confirm !== pair.password ? t('account.password.mismatch') : undefined;
  return { password, confirm };
}

/** New password + confirmation, with their errors. */
export function PasswordFields({
  value,
  onChange,
  errors,
  passwordLabel,
}: {
  value: PasswordPair;
  onChange: (value: PasswordPair) => void;
  errors: { password?: string; confirm?: string };
  passwordLabel?: string;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={passwordLabel ?? t('account.password.new')}
        name="new-password"
        type="password"
        autoComplete="new-password"
        hint={t('account.password.hint', { min: PASSWORD_MIN_LENGTH })}
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.target.value })}
        error={errors.password}
      />
      <TextField
        label={t('account.password.confirm')}
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        value={value.confirm}
        onChange={(event) => onChange({ ...value, confirm: event.target.value })}
        error={errors.confirm}
      />
    </>
  );
}
