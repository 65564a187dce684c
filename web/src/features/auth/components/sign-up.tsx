import { EmailSchema } from '@cairn/shared/schemas/auth';
import { UsernameSchema } from '@cairn/shared/schemas/common';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { safeRedirectPath } from '../../../lib/auth';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useCreateAccount } from '../api/use-sign-up';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { formErrorsFrom } from '../../../lib/form-errors';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { checkPasswordPair, PasswordFields } from '../../../components/forms/password-fields';
import { ProviderButtons } from './provider-buttons';

type Field = 'email' | 'username' | 'password' | 'confirm' | 'captcha';

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

  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [passwords, setPasswords] = useState({ password: '', confirm: '' });
  const [newsletter, setNewsletter] = useState(false);
  const [errors, setErrors] = useState<{ fields: Partial<Record<Field, string>>; form?: string }>({ fields: {} });

  const create = useCreateAccount({
    onSuccess: async () => {
      const state: WelcomeState = { newsletter, email: email.trim() };
      await navigate(paths.auth.welcome.getHref(redirect), { replace: true, state });
    },
    onError: (error) => {
      captcha.reset();
      setErrors(
        formErrorsFrom<Field>(
          error,
          { username_taken: 'username', duplicate_email: 'email', weak_password: 'password', invalid_captcha: 'captcha' },
          { username: 'username', email: 'email', password: 'password' },
        ),
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields: Partial<Record<Field, string>> = {
      email: EmailSchema.safeParse(email.trim()).success ? undefined : t('account.signUp.emailInvalid'),
      username: UsernameSchema.safeParse(username).success ? undefined : t('account.signUp.usernameInvalid'),
      ...checkPasswordPair(passwords, t),
      captcha: captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined,
    };
    setErrors({ fields });
    if (Object.values(fields).some(Boolean)) return;
    create.mutate({ email: email.trim(), username, password: passwords.password, sign_up_newsletter: newsletter, challenge: captcha.challenge });
  };

  const returnUrl = `${browserLocation.origin()}${paths.auth.signIn.getHref(redirect)}`;
  const { fields } = errors;
  return (
    <AuthCard title={t('account.signUp.title')}>
      <ProviderButtons providers={providers} returnUrl={returnUrl} heading={t('account.signUp.withProvider')} />
      <form className="auth-form" onSubmit={submit} noValidate>
        <TextField
          label={t('account.signUp.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fields.email}
        />
        <TextField
          label={t('account.signUp.username')}
          name="username"
          autoComplete="username"
          maxLength={39}
          hint={t('account.signUp.usernameHint')}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          error={fields.username}
        />
        <PasswordFields value={passwords} onChange={setPasswords} errors={fields} passwordLabel={t('account.signUp.password')} />
        <CheckboxField label={t('account.signUp.newsletter')} checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
        {captcha.element}
        {fields.captcha && <p className="field__error">{fields.captcha}</p>}
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <p className="auth-card__legal">
          <FormattedMessage
            id="account.signUp.legal"
            values={{
              terms: (chunks) => <AppLink to={paths.legal.getHref('terms')}>{chunks}</AppLink>,
              privacy: (chunks) => <AppLink to={paths.legal.getHref('privacy')}>{chunks}</AppLink>,
            }}
          />
        </p>
        <Button type="submit" color="brand" className="auth-form__submit" disabled={create.isPending}>
          {t('account.signUp.submit')}
        </Button>
      </form>
      <p className="auth-card__links">
        {t('account.signUp.haveAccount')} <AppLink to={paths.auth.signIn.getHref(redirect)}>{t('account.signUp.signIn')}</AppLink>
      </p>
    </AuthCard>
  );
}
