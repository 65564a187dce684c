import { PASSWORD_RESET_MESSAGE } from '@cairn/shared/schemas/auth';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FieldError, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useCompletePasswordReset, useRequestPasswordReset } from '../api/use-password-reset';
import { HttpError } from '../../../lib/api-client';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { confirmationMatches, newPasswordSchema, PasswordFields, type PasswordPair } from '../../../components/forms/password-fields';
import authCard from '../../../components/layout/auth-card.module.css';

/** Step one: ask for the link. The answer never tells whether an account matched. */
function RequestStep() {
  const t = useT();
  const notifications = useNotifications();
  const captcha = useCaptcha();
  const schema = useMemo(() => z.object({ username: z.string().refine((value) => value.trim() !== '', t('account.signIn.identifierRequired')) }), [t]);
  const { register, handleSubmit, setError, formState } = useZodForm<{ username: string }>(schema, { username: '' });
  // The captcha widget keeps its own answer; it is checked beside the form's fields.
  const [captchaError, setCaptchaError] = useState<string | undefined>();
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
      const { fields, form } = formErrorsFrom<'captcha'>(error, { invalid_captcha: 'captcha' });
      setCaptchaError(fields.captcha);
      setFormErrors(setError, { fields: {}, form });
    },
  });

  const captchaMissing = () => (captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined);
  const submit = handleSubmit(
    (values) => {
      const missing = captchaMissing();
      setCaptchaError(missing);
      if (missing) return;
      request.mutate({ username: values.username.trim(), challenge: captcha.challenge });
    },
    () => setCaptchaError(captchaMissing()),
  );
  const { errors } = formState;

  return (
    <AuthCard title={t('account.reset.title')}>
      {sentMessage ? (
        <FormAlert tone="success">{sentMessage}</FormAlert>
      ) : (
        <form className={authCard.form} onSubmit={(event) => void submit(event)} noValidate>
          <p>{t('account.reset.intro')}</p>
          <TextField label={t('account.signIn.identifier')} autoComplete="username" error={errors.username?.message} {...register('username')} />
          {captcha.element}
          {captchaError && <FieldError>{captchaError}</FieldError>}
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <Button type="submit" color="brand" className={authCard.submit} disabled={request.isPending}>
            {t('account.reset.send')}
          </Button>
        </form>
      )}
      <p className={authCard.links}>
        <AppLink to={paths.auth.signIn.getHref()}>{t('account.reset.backToSignIn')}</AppLink>
      </p>
    </AuthCard>
  );
}

/** The error type of a form message about an expired link. */
const EXPIRED = 'expired';

/** Step two, from the emailed link (`?flow=`): choose the new password. */
function NewPasswordStep({ flow }: { flow: string }) {
  const t = useT();
  const schema = useMemo(() => z.object({ password: newPasswordSchema(t), confirm: z.string() }).superRefine(confirmationMatches(t)), [t]);
  const { register, handleSubmit, setError, formState } = useZodForm<PasswordPair>(schema, { password: '', confirm: '' });

  const reset = useCompletePasswordReset(flow, {
    onError: (error) => {
      const { fields, form } = formErrorsFrom<'password'>(error, { weak_password: 'password' }, { new_password: 'password' });
      setFormErrors(setError, { fields });
      // An expired link gets a way to ask for a new one beside the message.
      if (form) setError('root.server', { type: error instanceof HttpError && error.code === 'invalid_flow' ? EXPIRED : 'server', message: form });
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

  const submit = handleSubmit((values) => reset.mutate(values.password));
  const { errors } = formState;
  const formError = errors.root?.server;

  return (
    <AuthCard title={t('account.reset.newTitle')}>
      <form className={authCard.form} onSubmit={(event) => void submit(event)} noValidate>
        <PasswordFields
          passwordInput={register('password')}
          confirmInput={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
        />
        {formError && (
          <FormAlert>
            {formError.message}
            {formError.type === EXPIRED && (
              <>
                {' '}
                <AppLink to={paths.auth.resetPassword.getHref()}>{t('account.reset.requestAgain')}</AppLink>
              </>
            )}
          </FormAlert>
        )}
        <Button type="submit" color="brand" className={authCard.submit} disabled={reset.isPending}>
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
