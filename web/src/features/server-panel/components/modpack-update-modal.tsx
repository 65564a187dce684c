import type { ServerModpack } from '@cairn/shared/schemas/server-modpacks';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { LongDate } from '../../../components/ui/long-date';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverModpackQueries, useInstallServerModpack } from '../api/server-modpack-queries';
import styles from './modpack-card.module.css';

/**
 * "Update pack": what moving to `versionId` adds, removes and updates (files and the projects
 * inside the pack), the pack versions in between with their changelogs, and how files the user
 * changed are treated. Nothing changes until confirmed.
 */
export function ModpackUpdateModal({ serverId, pack, versionId, onClose }: { serverId: string; pack: ServerModpack; versionId: string; onClose: () => void }) {
  const t = useT();
  const preview = useQuery(serverModpackQueries.preview(serverId, versionId));
  const install = useInstallServerModpack(serverId, onClose);
  const data = preview.data;
  const fileList = (label: string, paths: readonly string[]) =>
    paths.length > 0 && (
      <section className={styles.section} aria-label={label}>
        <h3 className={styles.sectionTitle}>{label}</h3>
        <ul className={styles.files}>
          {paths.map((p) => (
            <li key={p}>
              <code>{p}</code>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <Modal
      open
      onClose={onClose}
      size="wide"
      title={t('servers.modpack.preview.title', { name: pack.title })}
      footer={
        <>
          <Button variant="outlined" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button color="brand" onClick={() => install.mutate(versionId)} disabled={install.isPending || !data}>
            {t('servers.modpack.preview.confirm')}
          </Button>
        </>
      }
    >
      {preview.isPending ? (
        <p role="status">{t('servers.modpack.preview.loading')}</p>
      ) : preview.isError || !data ? (
        <FormAlert>{t('servers.modpack.preview.loadError')}</FormAlert>
      ) : (
        <div className={styles.section}>
          <p>{t('servers.modpack.preview.change', { from: data.from.version_number, to: data.to.version_number })}</p>
          {data.platform.changes && <FormAlert tone="info">{t('servers.modpack.preview.platform', { loader: data.platform.loader, version: data.platform.game_version })}</FormAlert>}
          <p className={styles.meta}>{t('servers.modpack.preview.rules')}</p>
          {fileList(t('servers.modpack.preview.added', { count: data.files.added.length }), data.files.added)}
          {fileList(t('servers.modpack.preview.updated', { count: data.files.updated.length }), data.files.updated)}
          {fileList(t('servers.modpack.preview.removed', { count: data.files.removed.length }), data.files.removed)}
          {data.mods && data.mods.updated.length > 0 && (
            <section className={styles.section} aria-label={t('servers.modpack.preview.projects')}>
              <h3 className={styles.sectionTitle}>{t('servers.modpack.preview.projects')}</h3>
              <ul className={styles.files}>
                {data.mods.updated.map((mod) => (
                  <li key={mod.project_id}>
                    {t('servers.modpack.preview.projectChange', { name: mod.project_title ?? mod.project_id, from: mod.from.version_number ?? '?', to: mod.to.version_number ?? '?' })}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section className={styles.section} aria-label={t('servers.modpack.preview.between', { count: data.versions_between.length })}>
            <h3 className={styles.sectionTitle}>{t('servers.modpack.preview.between', { count: data.versions_between.length })}</h3>
            <ol className={styles.files}>
              {data.versions_between.map((version) => (
                <li key={version.id}>
                  <details>
                    <summary>
                      {version.version_number} · <LongDate date={version.date_published.slice(0, 10)} />
                    </summary>
                    <p className={styles.changelog}>{version.changelog.trim() || t('servers.modpack.preview.noChangelog')}</p>
                  </details>
                </li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </Modal>
  );
}
