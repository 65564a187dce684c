import type { IssuedSession } from '@cairn/shared/schemas/auth';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { AFTER_SIGN_IN_PATH, refreshAfterAuthChange, safeRedirectPath } from '../../../lib/auth';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useLogin, useLoginTwoFactor } from '../api/use-sign-in';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { formErrorsFrom } from '../../../lib/form-errors';
import { launcherHandoffUrl, parseLauncherCallback } from '../utils/launcher';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { ProviderButtons } from './provider-buttons';

/** What the sign-in page was opened with: where to go next, the launcher, a provider's answer. */
export function useSignInParams() {
  const [params] = useSearchParams();
  const launcherRaw = params.get('launcher');
  return {
    redirect: safeRedirectPath(params.get('redirect')),
    launcherRaw,
    launcher: parseLauncherCallback(launcherRaw),
    /** Set by the provider callback: a session token (signed in), a two-factor flow, or an error. */
    code: params.get('code'),
    flow: params.get('flow'),
    error: params.get('error_description') ?? params.get('error'),
  };
}

/** Passes the session token to the launcher's loopback callback. */
function LauncherHandoff({ url }: { url: string }) {
  const t = useT();
  useEffect(() => browserLocation.assign(url), [url]);
  return (
    <AuthCard title={t('account.launcher.doneTitle')}>
      <p>{t('account.launcher.doneText')}</p>
      <p>
        <a href={url}>{t('account.launcher.doneLink')}</a>
      </p>
    </AuthCard>
  );
}

export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirect, launcherRaw, launcher, code, flow: providerFlow, error: providerError } = useSignInParams();
  const { data: providers } = useSuspenseQuery(authProvidersQuery());
  const captcha = useCaptcha();

  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [twoFactorCode, setTwoFactorCode] = useState('');
  const [flow, setFlow] = useState<string | null>(providerFlow);
  const [errors, setErrors] = useState<{ identifier?: string; password?: string; code?: string; captcha?: string; form?: string }>(
    providerError ? { form: providerError } : {},
  );
  const [handoff, setHandoff] = useState<string | undefined>(() => (launcher && code ? launcherHandoffUrl(launcher, code) : undefined));
  const codeInput = useRef<HTMLInputElement>(null);

  const finish = async (session: IssuedSession) => {
    if (launcher) {
      setHandoff(launcherHandoffUrl(launcher, session.session));
      return;
    }
    await refreshAfterAuthChange(queryClient);
    await navigate(redirect ?? AFTER_SIGN_IN_PATH, { replace: true });
  };

  // Back from a provider with a session: the API already set the cookie.
  const adopted = useRef(false);
  useEffect(() => {
    if (!code || launcher || adopted.current) return;
    adopted.current = true;
    void refreshAfterAuthChange(queryClient).then(() => navigate(redirect ?? AFTER_SIGN_IN_PATH, { replace: true }));
  }, [code, launcher, queryClient, navigate, redirect]);

  useEffect(() => {
    if (flow) codeInput.current?.focus();
  }, [flow]);

  const signIn = useLogin({
    onSuccess: async (answer) => {
      if ('flow' in answer) {
        setErrors({});
        setFlow(answer.flow);
        return;
      }
      await finish(answer);
    },
    onError: (error) => {
      captcha.reset();
      const { fields, form } = formErrorsFrom(error, { invalid_captcha: 'captcha' } as const);
      setErrors({ ...fields, form });
    },
  });

  const verify = useLoginTwoFactor({
    onSuccess: finish,
    onError: (error) => {
      if (error instanceof HttpError && error.code === 'invalid_flow') {
        // The code step expired (or ran out of tries): start over with the password.
        setFlow(null);
        setTwoFactorCode('');
        setErrors({ form: error.description });
        return;
      }
      const { fields, form } = formErrorsFrom(error, { invalid_credentials: 'code' } as const);
      setErrors({ ...fields, form });
    },
  });

  if (launcherRaw !== null && !launcher) {
    return (
      <AuthCard title={t('account.signIn.title')}>
        <FormAlert>{t('account.launcher.invalid')}</FormAlert>
      </AuthCard>
    );
  }
  if (handoff) return <LauncherHandoff url={handoff} />;
  if (code && !launcher) {
    return (
      <AuthCard title={t('account.signIn.title')}>
        <p role="status">{t('account.signIn.finishing')}</p>
      </AuthCard>
    );
  }

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      identifier: identifier.trim() ? undefined : t('account.signIn.identifierRequired'),
      password: password ? undefined : t('account.signIn.passwordRequired'),
      captcha: captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined,
    };
    setErrors(next);
    if (next.identifier || next.password || next.captcha) return;
    signIn.mutate({ username: identifier.trim(), password, challenge: captcha.challenge });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!flow) return;
    if (!twoFactorCode.trim()) {
      setErrors({ code: t('account.twoFactor.codeRequired') });
      return;
    }
    setErrors({});
    verify.mutate({ flow, code: twoFactorCode.trim() });
  };

  // Provider sign-in comes back here, keeping where to go next and the launcher.
  const returnParams = new URLSearchParams();
  if (redirect) returnParams.set('redirect', redirect);
  if (launcher) returnParams.set('launcher', launcher.toString());
  const returnUrl = `${browserLocation.origin()}${paths.auth.signIn.path}${returnParams.size ? `?${returnParams.toString()}` : ''}`;

  if (flow) {
    return (
      <AuthCard title={t('account.twoFactor.title')}>
        <form className="auth-form" onSubmit={submitCode} noValidate>
          <p>{t('account.twoFactor.intro')}</p>
          <TextField
            ref={codeInput}
            label={t('account.twoFactor.codeLabel')}
            name="code"
            autoComplete="one-time-code"
            maxLength={11}
            value={twoFactorCode}
            onChange={(event) => setTwoFactorCode(event.target.value)}
            error={errors.code}
          />
          {errors.form && <FormAlert>{errors.form}</FormAlert>}
          <div className="auth-form__actions">
            <Button type="submit" color="brand" disabled={verify.isPending}>
              {t('account.twoFactor.verify')}
            </Button>
            <Button
              variant="transparent"
              onClick={() => {
                setFlow(null);
                setTwoFactorCode('');
                setErrors({});
              }}
            >
              {t('account.common.back')}
            </Button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('account.signIn.title')}>
      {launcher && <p className="auth-card__lede">{t('account.launcher.intro')}</p>}
      <ProviderButtons providers={providers} returnUrl={returnUrl} heading={t('account.signIn.withProvider')} />
      <form className="auth-form" onSubmit={submitPassword} noValidate>
        <TextField
          label={t('account.signIn.identifier')}
          name="username"
          autoComplete="username"
          value={identifier}
          onChange={(event) => setIdentifier(event.target.value)}
          error={errors.identifier}
        />
        <TextField
          label={t('account.signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
        />
        {captcha.element}
        {errors.captcha && <p className="field__error">{errors.captcha}</p>}
        {errors.form && <FormAlert>{errors.form}</FormAlert>}
        <Button type="submit" color="brand" className="auth-form__submit" disabled={signIn.isPending}>
          {t('account.signIn.submit')}
        </Button>
      </form>
      {!launcher && (
        <p className="auth-card__links">
          <AppLink to={paths.auth.resetPassword.getHref()}>{t('account.signIn.forgot')}</AppLink>
          <span aria-hidden="true"> • </span>
          <AppLink to={paths.auth.signUp.getHref(redirect)}>{t('account.signIn.createAccount')}</AppLink>
        </p>
      )}
    </AuthCard>
  );
}
