import { EmailSchema } from '@cairn/shared/schemas/auth';
import type { User } from '@cairn/shared/schemas/users';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { FieldHint, FormAlert, TextField } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { paths } from '../../../config/paths';
import { browserLocation } from '../../../lib/browser-location';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useChangeEmail, useChangePassword, useDeleteAccount, useLinkProvider, useUnlinkProvider } from '../api/use-account-mutations';
import { authProvidersQuery } from '../../../lib/auth-providers';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { checkPasswordPair, PasswordFields, type PasswordPair } from '../../../components/forms/password-fields';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { SettingRow, SettingsForm, SettingsPageHeader, SettingsSection, SettingValue } from '../../../components/layout/settings-page';
import { TwoFactorRemoveModal, TwoFactorSetupModal } from './two-factor';
import styles from './account-security.module.css';
import { StatusText } from '../../../components/ui/status-text';

function EmailModal({ open, onClose, user }: { open: boolean; onClose: () => void; user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(() => z.object({ email: z.string().refine((value) => EmailSchema.safeParse(value.trim()).success, t('account.signUp.emailInvalid')) }), [t]);
  const { register, handleSubmit, setError, reset, formState } = useZodForm<{ email: string }>(schema, { email: '' });
  const { errors } = formState;
  const close = () => {
    reset();
    onClose();
  };
  const save = useChangeEmail({
    onSuccess: (_data, email) => {
      notifications.add({ type: 'success', title: t('account.email.changed'), text: t('account.email.changedText', { email }) });
      close();
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<'email'>(error, { duplicate_email: 'email' }, { email: 'email' })),
  });
  const submit = handleSubmit((values) => save.mutate(values.email.trim()));
  return (
    <Modal
      open={open}
      onClose={close}
      title={user.email ? t('account.email.changeTitle') : t('account.email.addTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={close}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="email-form" color="brand" disabled={save.isPending}>
            {t('account.email.save')}
          </Button>
        </>
      }
    >
      <form id="email-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('account.email.modalText')}</p>
        <TextField label={t('account.email.new')} type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      </form>
    </Modal>
  );
}

type PasswordMode = 'change' | 'set' | 'remove';

interface PasswordFormValues extends PasswordPair {
  current: string;
}

function PasswordModal({ mode, onClose }: { mode: PasswordMode | undefined; onClose: () => void }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(
    () =>
      z.object({ current: z.string(), password: z.string(), confirm: z.string() }).superRefine((values, ctx) => {
        if (mode !== 'set' && !values.current) ctx.addIssue({ code: 'custom', path: ['current'], message: t('account.password.currentRequired') });
        if (mode === 'remove') return;
        for (const [field, message] of Object.entries(checkPasswordPair(values, t))) {
          if (message) ctx.addIssue({ code: 'custom', path: [field], message });
        }
      }),
    [mode, t],
  );
  const { register, handleSubmit, setError, reset, formState } = useZodForm<PasswordFormValues>(schema, { current: '', password: '', confirm: '' });
  const { errors } = formState;
  const close = () => {
    reset();
    onClose();
  };
  const save = useChangePassword({
    onSuccess: () => {
      notifications.add({ type: 'success', title: mode === 'remove' ? t('account.password.removed') : t('account.password.saved'), text: t('account.password.othersSignedOut') });
      close();
    },
    onError: (error) =>
      setFormErrors(
        setError,
        formErrorsFrom<'current' | 'password'>(error, { invalid_credentials: 'current', weak_password: 'password' }, { old_password: 'current', new_password: 'password' }),
      ),
  });
  const submit = handleSubmit(({ current, password }) =>
    save.mutate(mode === 'set' ? { new_password: password } : mode === 'remove' ? { old_password: current } : { old_password: current, new_password: password }),
  );
  const title = mode === 'set' ? t('account.password.setTitle') : mode === 'remove' ? t('account.password.removeTitle') : t('account.password.changeTitle');
  return (
    <Modal
      open={mode !== undefined}
      onClose={close}
      title={title}
      footer={
        <>
          <Button variant="transparent" onClick={close}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="password-form" color={mode === 'remove' ? 'red' : 'brand'} disabled={save.isPending}>
            {mode === 'remove' ? t('account.password.remove') : t('account.password.save')}
          </Button>
        </>
      }
    >
      <SettingsForm compact id="password-form" onSubmit={(event) => void submit(event)} noValidate>
        {mode === 'remove' && <p>{t('account.password.removeText')}</p>}
        {mode !== 'set' && (
          <TextField label={t('account.password.current')} type="password" autoComplete="current-password" error={errors.current?.message} {...register('current')} />
        )}
        {mode !== 'remove' && (
          <PasswordFields
            passwordInput={register('password')}
            confirmInput={register('confirm')}
            errors={{ password: errors.password?.message, confirm: errors.confirm?.message }}
          />
        )}
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      </SettingsForm>
    </Modal>
  );
}

/** Linked third-party accounts: link or unlink each provider the server offers. */
function ProvidersSection({ user }: { user: User }) {
  const t = useT();
  const notifications = useNotifications();
  const [params] = useSearchParams();
  const { data: providers } = useSuspenseQuery(authProvidersQuery());
  const linked = user.auth_providers ?? [];
  // Back from a provider: `error_description` on failure, `linked` (our own marker) on success.
  const callbackError = params.get('error_description') ?? params.get('error');
  const justLinked = !callbackError ? params.get('linked') : null;

  const link = useLinkProvider({
    onSuccess: ({ url }) => browserLocation.assign(url),
    onError: (error) => notifications.addError(error),
  });
  const unlink = useUnlinkProvider({
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('account.providers.unlinked') });
    },
    onError: (error) => notifications.addError(error),
  });

  const names = new Map(providers.map((provider) => [provider.id, provider.name]));
  const shown = [...providers.map((provider) => provider.id), ...linked.filter((id) => !names.has(id))];
  if (shown.length === 0) return null;
  // The account keeps at least one way in: the password or another provider.
  const onlyWayIn = !user.has_password && linked.length === 1;

  return (
    <SettingsSection title={t('account.providers.title')} description={t('account.providers.text')}>
      {callbackError && <FormAlert>{callbackError}</FormAlert>}
      {justLinked && linked.includes(justLinked) && <FormAlert tone="success">{t('account.providers.linked', { provider: names.get(justLinked) ?? justLinked })}</FormAlert>}
      <ul className={styles.list}>
        {shown.map((id) => {
          const isLinked = linked.includes(id);
          const name = names.get(id) ?? id;
          return (
            <li key={id} className={styles.item}>
              <span className={styles.name}>{name}</span>
              <span className={styles.status}>{isLinked ? t('account.providers.isLinked') : t('account.providers.notLinked')}</span>
              {isLinked ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="red"
                  disabled={onlyWayIn || unlink.isPending}
                  title={onlyWayIn ? t('account.providers.lastMethod') : undefined}
                  onClick={() => unlink.mutate(id)}
                  aria-label={t('account.providers.unlinkLabel', { provider: name })}
                >
                  {t('account.providers.unlink')}
                </Button>
              ) : (
                names.has(id) && (
                  <Button size="small" variant="outlined" disabled={link.isPending} onClick={() => link.mutate(id)} aria-label={t('account.providers.linkLabel', { provider: name })}>
                    {t('account.providers.link')}
                  </Button>
                )
              )}
            </li>
          );
        })}
      </ul>
      {onlyWayIn && <FieldHint>{t('account.providers.lastMethod')}</FieldHint>}
    </SettingsSection>
  );
}

/** Account and security: email, password, two-factor, linked providers, account deletion. */
export function AccountSecurity({ user }: { user: User }) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const [emailOpen, setEmailOpen] = useState(false);
  const [passwordMode, setPasswordMode] = useState<PasswordMode | undefined>();
  const [twoFactor, setTwoFactor] = useState<'setup' | 'remove' | undefined>();
  const [deleting, setDeleting] = useState(false);

  const remove = useDeleteAccount(user.id, {
    leave: () => {
      setDeleting(false);
      return navigate(paths.home.getHref(), { replace: true });
    },
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('account.delete.done') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <>
      <SettingsPageHeader title={t('account.security.title')} />
      <SettingsSection title={t('account.email.title')}>
        <SettingRow>
          <div>
            <SettingValue>{user.email ?? t('account.email.none')}</SettingValue>
            {user.email && <StatusText tone={user.email_verified ? 'ok' : 'warn'}>{user.email_verified ? t('account.email.verified') : t('account.email.unverified')}</StatusText>}
          </div>
          <Button variant="outlined" onClick={() => setEmailOpen(true)}>
            {user.email ? t('account.email.change') : t('account.email.add')}
          </Button>
        </SettingRow>
      </SettingsSection>

      <SettingsSection title={t('account.password.title')} description={user.has_password ? t('account.password.hasText') : t('account.password.noneText')}>
        <SettingRow actionsOnly>
          {user.has_password ? (
            <>
              <Button variant="outlined" onClick={() => setPasswordMode('change')}>
                {t('account.password.change')}
              </Button>
              {(user.auth_providers?.length ?? 0) > 0 && (
                <Button variant="transparent" color="red" onClick={() => setPasswordMode('remove')}>
                  {t('account.password.remove')}
                </Button>
              )}
            </>
          ) : (
            <Button variant="outlined" onClick={() => setPasswordMode('set')}>
              {t('account.password.set')}
            </Button>
          )}
        </SettingRow>
      </SettingsSection>

      <SettingsSection title={t('account.twoFactor.sectionTitle')} description={user.has_totp ? t('account.twoFactor.onText') : t('account.twoFactor.offText')}>
        <SettingRow actionsOnly>
          {user.has_totp ? (
            <Button variant="outlined" color="red" onClick={() => setTwoFactor('remove')}>
              {t('account.twoFactor.remove')}
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => setTwoFactor('setup')}>
              {t('account.twoFactor.setup')}
            </Button>
          )}
        </SettingRow>
      </SettingsSection>

      <ProvidersSection user={user} />

      <SettingsSection title={t('account.delete.title')} description={t('account.delete.text')}>
        <SettingRow actionsOnly>
          <Button color="red" onClick={() => setDeleting(true)}>
            {t('account.delete.button')}
          </Button>
        </SettingRow>
      </SettingsSection>

      <EmailModal open={emailOpen} onClose={() => setEmailOpen(false)} user={user} />
      <PasswordModal mode={passwordMode} onClose={() => setPasswordMode(undefined)} />
      <TwoFactorSetupModal open={twoFactor === 'setup'} onClose={() => setTwoFactor(undefined)} />
      <TwoFactorRemoveModal open={twoFactor === 'remove'} onClose={() => setTwoFactor(undefined)} onRemoved={() => setTwoFactor(undefined)} />
      <ConfirmModal
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('account.delete.confirmTitle')}
        confirmLabel={t('account.delete.confirm')}
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        typeToConfirm={{ label: t('account.delete.typeUsername', { username: user.username }), value: user.username }}
      >
        <p>{t('account.delete.confirmText')}</p>
      </ConfirmModal>
    </>
  );
}
