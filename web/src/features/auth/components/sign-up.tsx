import { EmailSchema } from '@cairn/shared/schemas/auth';
import { UsernameSchema } from '@cairn/shared/schemas/common';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldError, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { safeRedirectPath } from '../../../lib/auth';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCreateAccount } from '../api/use-sign-up';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { confirmationMatches, newPasswordSchema, PasswordFields } from '../../../components/forms/password-fields';
import { ProviderButtons } from './provider-buttons';
import authCard from '../../../components/layout/auth-card.module.css';

interface SignUpValues {
  email: string;
  username: string;
  password: string;
  confirm: string;
  newsletter: boolean;
}

/** What the welcome page knows about the sign-up that led to it. */
export interface WelcomeState {
  newsletter: boolean;
  email: string;
}

export function SignUpPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  const { data: providers } = useSuspenseQuery(authProvidersQuery());
  const captcha = useCaptcha();

  const schema = useMemo(
    () =>
      z
        .object({
          email: z.string().refine((value) => EmailSchema.safeParse(value.trim()).success, t('account.signUp.emailInvalid')),
          username: z.string().refine((value) => UsernameSchema.safeParse(value).success, t('account.signUp.usernameInvalid')),
          password: newPasswordSchema(t),
          confirm: z.string(),
          newsletter: z.boolean(),
        })
        .superRefine(confirmationMatches(t)),
    [t],
  );
  const form = useZodForm<SignUpValues>(schema, { email: '', username: '', password: '', confirm: '', newsletter: false });
  const { register, handleSubmit, setError, formState } = form;
  // The captcha widget keeps its own answer; it is checked beside the form's fields.
  const [captchaError, setCaptchaError] = useState<string | undefined>();

  const create = useCreateAccount({
    onSuccess: async (_session, body) => {
      const state: WelcomeState = { newsletter: body.sign_up_newsletter ?? false, email: body.email };
      await navigate(paths.auth.welcome.getHref(redirect), { replace: true, state });
    },
    onError: (error) => {
      captcha.reset();
      const { fields, form: formError } = formErrorsFrom<keyof SignUpValues | 'captcha'>(
        error,
        { username_taken: 'username', duplicate_email: 'email', weak_password: 'password', invalid_captcha: 'captcha' },
        { username: 'username', email: 'email', password: 'password' },
      );
      const { captcha: captchaField, ...others } = fields;
      setCaptchaError(captchaField);
      setFormErrors(setError, { fields: others, form: formError });
    },
  });

  const captchaMissing = () => (captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined);
  const submit = handleSubmit(
    (values) => {
      const missing = captchaMissing();
      setCaptchaError(missing);
      if (missing) return;
      create.mutate({ email: values.email.trim(), username: values.username, password: values.password, sign_up_newsletter: values.newsletter, challenge: captcha.challenge });
    },
    () => setCaptchaError(captchaMissing()),
  );

  const returnUrl = `${browserLocation.origin()}${paths.auth.signIn.getHref(redirect)}`;
  const { errors } = formState;
  return (
    <AuthCard title={t('account.signUp.title')}>
      <ProviderButtons providers={providers} returnUrl={returnUrl} heading={t('account.signUp.withProvider')} />
      <form className={authCard.form} onSubmit={(event) => void submit(event)} noValidate>
        <TextField label={t('account.signUp.email')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label={t('account.signUp.username')}
          autoComplete="username"
          maxLength={39}
          hint={t('account.signUp.usernameHint')}
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordFields
          passwordInput={register('password')}
          confirmInput={register('confirm')}
          errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
          passwordLabel={t('account.signUp.password')}
        />
        <CheckboxField label={t('account.signUp.newsletter')} {...register('newsletter')} />
        {captcha.element}
        {captchaError && <FieldError>{captchaError}</FieldError>}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <p className={authCard.legal}>
          <FormattedMessage
            id="account.signUp.legal"
            values={{
              terms: (chunks) => <AppLink to={paths.legal.getHref('terms')}>{chunks}</AppLink>,
              privacy: (chunks) => <AppLink to={paths.legal.getHref('privacy')}>{chunks}</AppLink>,
            }}
          />
        </p>
        <Button type="submit" color="brand" className={authCard.submit} disabled={create.isPending}>
          {t('account.signUp.submit')}
        </Button>
      </form>
      <p className={authCard.links}>
        {t('account.signUp.haveAccount')} <AppLink to={paths.auth.signIn.getHref(redirect)}>{t('account.signUp.signIn')}</AppLink>
      </p>
    </AuthCard>
  );
}
