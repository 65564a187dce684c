import { PASSWORD_RESET_MESSAGE } from '@cairn/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useCompletePasswordReset, useRequestPasswordReset } from '../api/use-password-reset';
import { formErrorsFrom } from '../../../lib/form-errors';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { checkPasswordPair, controlledPasswordInputs, PasswordFields } from '../../../components/forms/password-fields';

/** Step one: ask for the link. The answer never tells whether an account matched. */
function RequestStep() {
  const t = useT();
  const notifications = useNotifications();
  const captcha = useCaptcha();
  const [identifier, setIdentifier] = useState('');
  const [errors, setErrors] = useState<{ identifier?: string; captcha?: string; form?: string }>({});
  const [sentMessage, setSentMessage] = useState<string | undefined>();

  const request = useRequestPasswordReset({
    onSuccess: (answer) => {
      // The API's own neutral sentence (spec §5); the shared constant if it ever sends none.
      const message = answer.message || PASSWORD_RESET_MESSAGE;
      setSentMessage(message);
      notifications.add({ type: 'success', title: t('account.reset.sentTitle'), text: message });
    },
    onError: (error) => {
      captcha.reset();
      const { fields, form } = formErrorsFrom(error, { invalid_captcha: 'captcha' } as const);
      setErrors({ ...fields, form });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      identifier: identifier.trim() ? undefined : t('account.signIn.identifierRequired'),
      captcha: captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined,
    };
    setErrors(next);
    if (next.identifier || next.captcha) return;
    request.mutate({ username: identifier.trim(), challenge: captcha.challenge });
  };

  return (
    <AuthCard title={t('account.reset.title')}>
      {sentMessage ? (
        <FormAlert tone="success">{sentMessage}</FormAlert>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <p>{t('account.reset.intro')}</p>
          <TextField
            label={t('account.signIn.identifier')}
            name="username"
            autoComplete="username"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            error={errors.identifier}
          />
          {captcha.element}
          {errors.captcha && <p className="field__error">{errors.captcha}</p>}
          {errors.form && <FormAlert>{errors.form}</FormAlert>}
          <Button type="submit" color="brand" className="auth-form__submit" disabled={request.isPending}>
            {t('account.reset.send')}
          </Button>
        </form>
      )}
      <p className="auth-card__links">
        <AppLink to={paths.auth.signIn.getHref()}>{t('account.reset.backToSignIn')}</AppLink>
      </p>
    </AuthCard>
  );
}

/** Step two, from the emailed link (`?flow=`): choose the new password. */
function NewPasswordStep({ flow }: { flow: string }) {
  const t = useT();
  const [passwords, setPasswords] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string; form?: string; expired?: boolean }>({});

  const reset = useCompletePasswordReset(flow, {
    onError: (error) => {
      const { fields, form } = formErrorsFrom(error, { weak_password: 'password' } as const, { new_password: 'password' });
      setErrors({ ...fields, form, expired: (error as { code?: string }).code === 'invalid_flow' });
    },
  });

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('account.reset.doneTitle')}>
        <FormAlert tone="success">{t('account.reset.doneText')}</FormAlert>
        <ButtonLink to={paths.auth.signIn.getHref()} color="brand">
          {t('account.reset.signIn')}
        </ButtonLink>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = checkPasswordPair(passwords, t);
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate(passwords.password);
  };

  return (
    <AuthCard title={t('account.reset.newTitle')}>
      <form className="auth-form" onSubmit={submit} noValidate>
        <PasswordFields {...controlledPasswordInputs(passwords, setPasswords)} errors={errors} />
        {errors.form && (
          <FormAlert>
            {errors.form}
            {errors.expired && (
              <>
                {' '}
                <AppLink to={paths.auth.resetPassword.getHref()}>{t('account.reset.requestAgain')}</AppLink>
              </>
            )}
          </FormAlert>
        )}
        <Button type="submit" color="brand" className="auth-form__submit" disabled={reset.isPending}>
          {t('account.reset.save')}
        </Button>
      </form>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const flow = params.get('flow');
  // Keyed so following another link starts the step afresh.
  return flow ? <NewPasswordStep key={flow} flow={flow} /> : <RequestStep />;
}
