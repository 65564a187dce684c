import type { TwoFactorSecret } from '@cairn/shared/schemas/auth';
import { useEffect, useMemo, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { CopyButton } from '../../../components/ui/copy-button';
import { FieldHint, FormAlert } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useBeginTwoFactorSetup, useDisableTwoFactor, useEnableTwoFactor } from '../api/use-two-factor';
import { formErrorsFrom } from '../../../lib/form-errors';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import styles from './two-factor.module.css';
import { TwoFactorCodeField } from '../../../components/forms/two-factor-code-field';

interface CodeValues {
  code: string;
}

/** The otpauth:// URI as a QR code (SVG data URL); the library loads only when set-up starts. */
function useQrCode(uri: string | undefined): string | undefined {
  const [image, setImage] = useState<{ uri: string; src: string } | undefined>();
  useEffect(() => {
    if (!uri) return;
    let cancelled = false;
    void import('qrcode').then(async ({ default: QRCode }) => {
      const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (!cancelled) setImage({ uri, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      cancelled = true;
    };
  }, [uri]);
  return image && image.uri === uri ? image.src : undefined;
}

/** Secret groups of four, easier to type into an app by hand. */
const spaced = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-factor set-up: scan the QR code (or type the key), prove it with a code, then keep the
 * backup codes, which are shown only this once.
 */
export function TwoFactorSetupModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const schema = useMemo(() => z.object({ code: z.string().refine((value) => /^\d{6}$/.test(value.trim()), t('account.twoFactor.codeFormat')) }), [t]);
  const { register, handleSubmit, setError, reset, formState } = useZodForm<CodeValues>(schema, { code: '' });
  const { errors } = formState;
  const begin = useBeginTwoFactorSetup();
  const secret: TwoFactorSecret | undefined = begin.data;
  const qr = useQrCode(secret?.uri);
  const enable = useEnableTwoFactor({
    onError: (failure) => setFormErrors(setError, formErrorsFrom<'code'>(failure, { invalid_code: 'code' })),
  });

  const { mutate: start, reset: resetBegin } = begin;
  const { reset: resetEnable } = enable;
  useEffect(() => {
    if (open) start();
    else {
      resetBegin();
      resetEnable();
    }
  }, [open, start, resetBegin, resetEnable]);

  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit((values) => {
    if (secret) enable.mutate({ flow: secret.flow, code: values.code.trim() });
  });

  const codes = enable.data?.backup_codes;
  if (codes) {
    return (
      <Modal
        open={open}
        onClose={close}
        title={t('account.twoFactor.backupTitle')}
        footer={
          <Button color="brand" onClick={close}>
            {t('account.twoFactor.backupDone')}
          </Button>
        }
      >
        <FormAlert tone="success">{t('account.twoFactor.enabled')}</FormAlert>
        <p>{t('account.twoFactor.backupText')}</p>
        <ul className={styles.backupCodes} aria-label={t('account.twoFactor.backupTitle')}>
          {codes.map((backup) => (
            <li key={backup}>
              <code>{backup}</code>
            </li>
          ))}
        </ul>
        <CopyButton text={codes.join('\n')} label={t('account.twoFactor.copyCodes')} copiedLabel={t('account.common.copied')} variant="outlined" />
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('account.twoFactor.setupTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={close}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="two-factor-setup" color="brand" disabled={!secret || enable.isPending}>
            {t('account.twoFactor.verifyCode')}
          </Button>
        </>
      }
    >
      {begin.isError && <FormAlert>{formErrorsFrom(begin.error, {}).form}</FormAlert>}
      {secret && (
        <form id="two-factor-setup" className={styles.setup} onSubmit={(event) => void submit(event)} noValidate>
          <p>{t('account.twoFactor.scan')}</p>
          <div className={styles.qr}>{qr ? <img src={qr} alt={t('account.twoFactor.qrAlt')} width={200} height={200} /> : <span className={styles.qrPending} />}</div>
          <FieldHint>
            {t('account.twoFactor.manual')} <code className={styles.secret}>{spaced(secret.secret)}</code>
          </FieldHint>
          <TwoFactorCodeField error={errors.code?.message} {...register('code')} />
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        </form>
      )}
    </Modal>
  );
}

/** Turning two-factor authentication off takes a current code (or a backup code). */
export function TwoFactorRemoveModal({ open, onClose, onRemoved }: { open: boolean; onClose: () => void; onRemoved: () => void }) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(() => z.object({ code: z.string().refine((value) => value.trim() !== '', t('account.twoFactor.codeRequired')) }), [t]);
  const { register, handleSubmit, setError, reset, formState } = useZodForm<CodeValues>(schema, { code: '' });
  const { errors } = formState;
  const remove = useDisableTwoFactor({
    onSuccess: () => {
      reset();
      notifications.add({ type: 'success', title: t('account.twoFactor.removed') });
      onRemoved();
    },
    onError: (failure) => setFormErrors(setError, formErrorsFrom<'code'>(failure, { invalid_credentials: 'code' })),
  });
  const close = () => {
    reset();
    onClose();
  };
  const submit = handleSubmit((values) => remove.mutate(values.code.trim()));
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('account.twoFactor.removeTitle')}
      footer={
        <>
          <Button variant="transparent" onClick={close}>
            {t('account.common.cancel')}
          </Button>
          <Button type="submit" form="two-factor-remove" color="red" disabled={remove.isPending}>
            {t('account.twoFactor.remove')}
          </Button>
        </>
      }
    >
      <form id="two-factor-remove" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('account.twoFactor.removeText')}</p>
        <TwoFactorCodeField acceptsBackupCode error={errors.code?.message} {...register('code')} />
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
      </form>
    </Modal>
  );
}
