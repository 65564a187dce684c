import type { IssuedSession } from '@cairn/shared/schemas/auth';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { FieldError, FormAlert, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { AFTER_SIGN_IN_PATH, refreshAfterAuthChange, safeRedirectPath } from '../../../lib/auth';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useLogin, useLoginTwoFactor } from '../api/use-sign-in';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { launcherHandoffUrl, parseLauncherCallback } from '../utils/launcher';
import { AuthCard } from '../../../components/layout/auth-card';
import { useCaptcha } from './captcha';
import { ProviderButtons } from './provider-buttons';
import authCard from '../../../components/layout/auth-card.module.css';
import { TwoFactorCodeField } from '../../../components/forms/two-factor-code-field';

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

interface SignInValues {
  username: string;
  password: string;
}

export function SignInPage() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirect, launcherRaw, launcher, code, flow: providerFlow, error: providerError } = useSignInParams();
  const { data: providers } = useSuspenseQuery(authProvidersQuery());
  const captcha = useCaptcha();

  const schema = useMemo(
    () =>
      z.object({
        username: z.string().refine((value) => value.trim() !== '', t('account.signIn.identifierRequired')),
        password: z.string().min(1, t('account.signIn.passwordRequired')),
      }),
    [t],
  );
  const codeSchema = useMemo(() => z.object({ code: z.string().refine((value) => value.trim() !== '', t('account.twoFactor.codeRequired')) }), [t]);
  const passwordForm = useZodForm<SignInValues>(schema, { username: '', password: '' });
  const codeForm = useZodForm<{ code: string }>(codeSchema, { code: '' });
  const [flow, setFlow] = useState<string | null>(providerFlow);
  // The captcha widget keeps its own answer; it is checked beside the form's fields.
  const [captchaError, setCaptchaError] = useState<string | undefined>();
  const [handoff, setHandoff] = useState<string | undefined>(() => (launcher && code ? launcherHandoffUrl(launcher, code) : undefined));

  const { setError: setPasswordError, clearErrors: clearPasswordErrors } = passwordForm;
  useEffect(() => {
    if (providerError) setPasswordError('root.server', { type: 'server', message: providerError });
  }, [providerError, setPasswordError]);

  const leaveCodeStep = () => {
    setFlow(null);
    codeForm.reset();
  };

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

  const { setFocus: focusCodeField } = codeForm;
  useEffect(() => {
    if (flow) focusCodeField('code');
  }, [flow, focusCodeField]);

  const signIn = useLogin({
    onSuccess: async (answer) => {
      if ('flow' in answer) {
        clearPasswordErrors();
        setFlow(answer.flow);
        return;
      }
      await finish(answer);
    },
    onError: (error) => {
      captcha.reset();
      const { fields, form } = formErrorsFrom<'captcha'>(error, { invalid_captcha: 'captcha' });
      setCaptchaError(fields.captcha);
      setFormErrors(passwordForm.setError, { fields: {}, form });
    },
  });

  const verify = useLoginTwoFactor({
    onSuccess: finish,
    onError: (error) => {
      if (error instanceof HttpError && error.code === 'invalid_flow') {
        // The code step expired (or ran out of tries): start over with the password.
        leaveCodeStep();
        setPasswordError('root.server', { type: 'server', message: error.description });
        return;
      }
      setFormErrors(codeForm.setError, formErrorsFrom<'code'>(error, { invalid_credentials: 'code' }));
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

  const captchaMissing = () => (captcha.required && !captcha.challenge ? t('account.captcha.required') : undefined);
  const submitPassword = passwordForm.handleSubmit(
    (values) => {
      const missing = captchaMissing();
      setCaptchaError(missing);
      if (missing) return;
      signIn.mutate({ username: values.username.trim(), password: values.password, challenge: captcha.challenge });
    },
    () => setCaptchaError(captchaMissing()),
  );

  const submitCode = codeForm.handleSubmit((values) => {
    if (flow) verify.mutate({ flow, code: values.code.trim() });
  });

  // Provider sign-in comes back here, keeping where to go next and the launcher.
  const returnParams = new URLSearchParams();
  if (redirect) returnParams.set('redirect', redirect);
  if (launcher) returnParams.set('launcher', launcher.toString());
  const returnUrl = `${browserLocation.origin()}${paths.auth.signIn.path}${returnParams.size ? `?${returnParams.toString()}` : ''}`;

  const { errors } = passwordForm.formState;
  const codeErrors = codeForm.formState.errors;
  if (flow) {
    return (
      <AuthCard title={t('account.twoFactor.title')}>
        <form className={authCard.form} onSubmit={(event) => void submitCode(event)} noValidate>
          <p>{t('account.twoFactor.intro')}</p>
          <TwoFactorCodeField acceptsBackupCode error={codeErrors.code?.message} {...codeForm.register('code')} />
          {codeErrors.root?.server && <FormAlert>{codeErrors.root.server.message}</FormAlert>}
          <div className={authCard.actions}>
            <Button type="submit" color="brand" disabled={verify.isPending}>
              {t('account.twoFactor.verify')}
            </Button>
            <Button
              variant="transparent"
              onClick={() => {
                leaveCodeStep();
                clearPasswordErrors();
                setCaptchaError(undefined);
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
      {launcher && <p className={authCard.lede}>{t('account.launcher.intro')}</p>}
      <ProviderButtons providers={providers} returnUrl={returnUrl} heading={t('account.signIn.withProvider')} />
      <form className={authCard.form} onSubmit={(event) => void submitPassword(event)} noValidate>
        <TextField label={t('account.signIn.identifier')} autoComplete="username" error={errors.username?.message} {...passwordForm.register('username')} />
        <TextField
          label={t('account.signIn.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...passwordForm.register('password')}
        />
        {captcha.element}
        {captchaError && <FieldError>{captchaError}</FieldError>}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <Button type="submit" color="brand" className={authCard.submit} disabled={signIn.isPending}>
          {t('account.signIn.submit')}
        </Button>
      </form>
      {!launcher && (
        <p className={authCard.links}>
          <AppLink to={paths.auth.resetPassword.getHref()}>{t('account.signIn.forgot')}</AppLink>
          <span aria-hidden="true"> • </span>
          <AppLink to={paths.auth.signUp.getHref(redirect)}>{t('account.signIn.createAccount')}</AppLink>
        </p>
      )}
    </AuthCard>
  );
}
