import type { Server, ServerPlatform } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, FieldLabel, FormAlert } from '../../../components/ui/form';
import { Select } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { usePlatformName } from '../../../lib/servers/use-platform-name';
import { serverOptionQueries } from '../api/server-options-queries';
import { useReinstallServer } from '../api/use-server-option-mutations';
import styles from './options-sections.module.css';

const BACKUP_BUSY = new Set(['queued', 'creating', 'restoring']);

/** Options › Platform: what the node offers, a game version, "Erase all data", then a reinstall. */
export function PlatformSection({ server }: { server: Server }) {
  const t = useT();
  const platform = usePlatformName();
  const titleId = useId();
  const platforms = useQuery(serverOptionQueries.platforms(server.id));
  const backups = useQuery(serverQueries.backups(server.id));
  const [loader, setLoader] = useState(server.loader);
  const [version, setVersion] = useState(server.game_version);
  const [erase, setErase] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const reinstall = useReinstallServer(server.id, { onSuccess: () => setConfirming(false) });
  const backupRunning = backups.data?.backups.some((b) => BACKUP_BUSY.has(b.state)) ?? false;

  const chosen: ServerPlatform | undefined = platforms.data?.platforms.find((p) => p.loader === loader);
  const choose = (platform: ServerPlatform) => {
    setLoader(platform.loader);
    setVersion(platform.game_versions.includes(version) ? version : (platform.game_versions[0] ?? ''));
  };

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {t('servers.options.platform.title')}
      </h2>
      <p>{t('servers.options.platform.current', { platform: platform.label(server.loader, server.game_version) })}</p>
      {platforms.isPending && <p role="status">{t('servers.options.loading')}</p>}
      {platforms.isError && (
        <div className={styles.row}>
          <FormAlert>{t('servers.options.platform.error')}</FormAlert>
          <Button onClick={() => void platforms.refetch()}>{t('servers.retry')}</Button>
        </div>
      )}
      {platforms.data && (
        <>
          <div className={styles.cards} role="radiogroup" aria-label={t('servers.options.platform.choose')}>
            {platforms.data.platforms.map((offered) => (
              <button
                key={offered.loader}
                type="button"
                role="radio"
                aria-checked={offered.loader === loader}
                className={styles.card}
                onClick={() => choose(offered)}
              >
                <span className={styles.cardTitle}>{platform.name(offered.loader)}</span>
                <span className={styles.muted}>
                  {offered.runtime === 'java' ? t('servers.options.platform.kindJar') : t('servers.options.platform.kindBuiltIn')}
                </span>
              </button>
            ))}
          </div>
          <label className={styles.field}>
            <FieldLabel>{t('servers.options.platform.version')}</FieldLabel>
            <Select value={version} onChange={(event) => setVersion(event.target.value)}>
              {(chosen?.game_versions ?? []).map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </Select>
          </label>
          <CheckboxField label={t('servers.options.platform.erase')} hint={t('servers.options.platform.eraseHint')} checked={erase} onChange={(event) => setErase(event.target.checked)} />
          {backupRunning && <FormAlert tone="info">{t('servers.options.platform.backupRunning')}</FormAlert>}
          <div>
            <Button color="brand" disabled={!chosen || backupRunning} onClick={() => setConfirming(true)}>
              {erase ? t('servers.options.platform.eraseInstall') : t('servers.options.platform.install')}
            </Button>
          </div>
        </>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('servers.options.platform.confirmTitle')}
        footer={
          <>
            <Button variant="transparent" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              color={erase ? 'red' : 'brand'}
              disabled={reinstall.isPending}
              onClick={() => reinstall.mutate({ loader, game_version: version, erase })}
            >
              {erase ? t('servers.options.platform.eraseInstall') : t('servers.options.platform.install')}
            </Button>
          </>
        }
      >
        <p>{t('servers.options.platform.confirmText', { platform: platform.label(loader, version) })}</p>
        {erase && <p>{t('servers.options.platform.confirmErase')}</p>}
      </Modal>
    </section>
  );
}
