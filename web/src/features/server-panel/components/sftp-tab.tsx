import type { ServerSftp, ServerSftpPassword } from '@cairn/shared/schemas/server-sftp';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert, TextAreaField } from '../../../components/ui/form';
import { Modal } from '../../../components/ui/modal';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n-provider';
import { sftpQueries } from '../api/sftp-queries';
import { useGenerateSftpPassword, useRevokeSftp, useSetSftpKeys } from '../api/use-sftp-mutations';
import styles from './sftp-tab.module.css';

/** The SFTP tab: how to reach the server's files with an SFTP client, the password, keys and revoking. */
export function SftpTab({ serverId }: { serverId: string }) {
  const t = useT();
  const titleId = useId();
  const sftp = useQuery(sftpQueries.detail(serverId));
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('servers.sftp.title')}
      </h2>
      <p>{t('servers.sftp.intro')}</p>
      {sftp.isPending && (
        <SkeletonRegion label={t('servers.sftp.loading')}>
          <Skeleton height="8rem" />
        </SkeletonRegion>
      )}
      {sftp.isError && <FormAlert>{t('servers.sftp.loadFailed')}</FormAlert>}
      {sftp.data && <SftpDetails serverId={serverId} sftp={sftp.data} />}
    </section>
  );
}

function SftpDetails({ serverId, sftp }: { serverId: string; sftp: ServerSftp }) {
  const t = useT();
  const rows: Array<{ id: string; label: string; value: string | null; copy: string }> = [
    { id: 'host', label: t('servers.sftp.host'), value: sftp.host, copy: t('servers.sftp.copyHost') },
    { id: 'port', label: t('servers.sftp.port'), value: sftp.port === null ? null : String(sftp.port), copy: t('servers.sftp.copyPort') },
    { id: 'username', label: t('servers.sftp.username'), value: sftp.username, copy: t('servers.sftp.copyUsername') },
    { id: 'fingerprint', label: t('servers.sftp.fingerprint'), value: sftp.host_key_fingerprint, copy: t('servers.sftp.copyFingerprint') },
  ];
  return (
    <>
      {!sftp.available && <FormAlert tone="info">{t('servers.sftp.unavailable')}</FormAlert>}
      <dl className={styles.facts}>
        {rows.map((row) =>
          row.value === null ? null : (
            <div key={row.id}>
              <dt>{row.label}</dt>
              <dd>
                <code className={styles.value}>{row.value}</code>
                <CopyButton text={row.value} label={row.copy} copiedLabel={t('servers.address.copied')} size="small" />
              </dd>
            </div>
          ),
        )}
      </dl>
      {sftp.host_key_fingerprint && <p className={styles.muted}>{t('servers.sftp.fingerprintHint')}</p>}
      <p>{sftp.can_write ? t('servers.sftp.canWrite') : t('servers.sftp.readOnly')}</p>
      <PasswordSection serverId={serverId} passwordSet={sftp.password_set} />
      <KeysSection serverId={serverId} sftp={sftp} />
      {(sftp.password_set || sftp.public_keys.length > 0) && <RevokeSection serverId={serverId} />}
    </>
  );
}

function PasswordSection({ serverId, passwordSet }: { serverId: string; passwordSet: boolean }) {
  const t = useT();
  const titleId = useId();
  const [shown, setShown] = useState<ServerSftpPassword | undefined>();
  const generate = useGenerateSftpPassword(serverId, { onSuccess: (password) => setShown(password) });
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.title}>
        {t('servers.sftp.password')}
      </h3>
      <p>{passwordSet ? t('servers.sftp.passwordSet') : t('servers.sftp.noPassword')}</p>
      <div>
        <Button color="brand" disabled={generate.isPending} onClick={() => generate.mutate()}>
          {passwordSet ? t('servers.sftp.regeneratePassword') : t('servers.sftp.generatePassword')}
        </Button>
      </div>
      <Modal
        open={shown !== undefined}
        onClose={() => setShown(undefined)}
        title={t('servers.sftp.passwordDialogTitle')}
        footer={
          <Button color="brand" onClick={() => setShown(undefined)}>
            {t('servers.sftp.passwordDialogDone')}
          </Button>
        }
      >
        {shown && (
          <div className={styles.stack}>
            <FormAlert tone="info">{t('servers.sftp.passwordOnce')}</FormAlert>
            <dl className={styles.facts}>
              <div>
                <dt>{t('servers.sftp.username')}</dt>
                <dd>
                  <code className={styles.value}>{shown.username}</code>
                </dd>
              </div>
              <div>
                <dt>{t('servers.sftp.password')}</dt>
                <dd>
                  <code className={styles.value}>{shown.password}</code>
                  <CopyButton text={shown.password} label={t('servers.sftp.copyPassword')} copiedLabel={t('servers.address.copied')} size="small" />
                </dd>
              </div>
            </dl>
          </div>
        )}
      </Modal>
    </section>
  );
}

function KeysSection({ serverId, sftp }: { serverId: string; sftp: ServerSftp }) {
  const t = useT();
  const titleId = useId();
  const saved = sftp.public_keys.map((key) => key.key).join('\n');
  const [text, setText] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  const save = useSetSftpKeys(serverId, {
    onSuccess: () => {
      setText(undefined);
      setError(undefined);
    },
    onError: (failed) => setError(failed.message),
  });
  const value = text ?? saved;
  return (
    <form
      className={styles.part}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          value
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        );
      }}
    >
      <h3 id={titleId} className={styles.title}>
        {t('servers.sftp.keys')}
      </h3>
      {sftp.public_keys.length > 0 && (
        <ul className={styles.keys} aria-label={t('servers.sftp.keysList')}>
          {sftp.public_keys.map((key) => (
            <li key={key.fingerprint}>
              <code className={styles.value}>{key.fingerprint}</code> {key.key.split(' ').slice(2).join(' ')}
            </li>
          ))}
        </ul>
      )}
      <TextAreaField
        label={t('servers.sftp.keysLabel')}
        hint={t('servers.sftp.keysHint')}
        error={error}
        value={value}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        className={styles.keysInput}
        onChange={(event) => setText(event.target.value)}
      />
      <div>
        <Button type="submit" disabled={save.isPending || value === saved}>
          {t('servers.sftp.saveKeys')}
        </Button>
      </div>
    </form>
  );
}

function RevokeSection({ serverId }: { serverId: string }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeSftp(serverId, { onSuccess: () => setConfirming(false) });
  return (
    <div className={styles.part}>
      <div>
        <Button color="red" onClick={() => setConfirming(true)}>
          {t('servers.sftp.revoke')}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('servers.sftp.revokeTitle')}
        confirmLabel={t('servers.sftp.revoke')}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
      >
        <p>{t('servers.sftp.revokeText')}</p>
      </ConfirmModal>
    </div>
  );
}
