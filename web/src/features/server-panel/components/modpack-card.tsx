import type { ServerModpack } from '@cairn/shared/schemas/server-modpacks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useFormatters } from '../../../lib/use-formatters';
import { serverModpackQueries, useInstallServerModpack } from '../api/server-modpack-queries';
import { ModpackUpdateModal } from './modpack-update-modal';
import styles from './modpack-card.module.css';

/**
 * The server's modpack on the Content tab, as one item: its version, the install's progress
 * (files and bytes, polled while it runs), what it put on the server, the client-only files it
 * skipped, the files kept because the user had changed them, and "Update pack".
 */
export function ModpackCard({ serverId }: { serverId: string }) {
  const query = useQuery(serverModpackQueries.get(serverId));
  const pack = query.data?.modpack;
  if (!pack) return null;
  return <ModpackItem serverId={serverId} pack={pack} />;
}

function ModpackItem({ serverId, pack }: { serverId: string; pack: ServerModpack }) {
  const t = useT();
  const titleId = useId();
  const { formatBytes } = useFormatters();
  const [updating, setUpdating] = useState(false);
  const retry = useInstallServerModpack(serverId);
  const running = pack.state === 'queued' || pack.state === 'installing';
  const { files_done, files_total, bytes_done, bytes_total } = pack.progress;
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <div className={styles.header}>
        <AppIcon name={pack.title} iconUrl={pack.icon_url} size="small" />
        <div className={styles.details}>
          <h3 id={titleId} className={styles.name}>
            {pack.slug ? <AppLink to={paths.project.getPermanentHref(pack.project_id)}>{pack.title}</AppLink> : pack.title}
            <span className={styles.badge}>{t('servers.modpack.badge')}</span>
            <span className={styles.badge}>{t(`servers.modpack.state.${pack.state}`)}</span>
          </h3>
          <span className={styles.meta}>
            {pack.version_number ? t('servers.modpack.version', { version: pack.version_number }) : t('servers.modpack.notYet')}
            {running && pack.target_version_id !== pack.version_id && ` · ${t('servers.modpack.installingVersion', { version: pack.target_version_number })}`}
          </span>
        </div>
        {pack.state === 'installed' && pack.update_version_id && pack.update_version_number && (
          <Button size="small" onClick={() => setUpdating(true)}>
            {t('servers.modpack.update', { version: pack.update_version_number })}
          </Button>
        )}
        {pack.state === 'failed' && (
          <Button size="small" onClick={() => retry.mutate(pack.target_version_id)} disabled={retry.isPending}>
            {t('servers.modpack.retry')}
          </Button>
        )}
      </div>
      {running && (
        <div className={styles.progressRow} role="status">
          <progress className={styles.progress} max={Math.max(files_total, 1)} value={files_done} aria-label={t('servers.modpack.progressLabel', { name: pack.title })} />
          <span>{files_total === 0 ? t('servers.modpack.preparing') : t('servers.modpack.progress', { done: files_done, total: files_total, bytes: formatBytes(bytes_done), totalBytes: formatBytes(bytes_total) })}</span>
        </div>
      )}
      {pack.state === 'failed' && pack.error && <FormAlert>{t('servers.modpack.failed', { error: pack.error })}</FormAlert>}
      {pack.conflicts.length > 0 && (
        <FormAlert tone="info">
          {t('servers.modpack.conflictsIntro')}
          <ul className={styles.files} aria-label={t('servers.modpack.conflictsLabel')}>
            {pack.conflicts.map((c) => (
              <li key={c.path}>{c.written_as ? t('servers.modpack.conflictWritten', { path: c.path, written: c.written_as }) : t('servers.modpack.conflictKept', { path: c.path })}</li>
            ))}
          </ul>
        </FormAlert>
      )}
      {pack.files.length > 0 && (
        <details>
          <summary>{t('servers.modpack.contents', { count: pack.files.length })}</summary>
          <ul className={styles.files} aria-label={t('servers.modpack.contentsLabel')}>
            {pack.files.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code> <span className={styles.meta}>· {t(f.source === 'download' ? 'servers.modpack.source.download' : 'servers.modpack.source.override')}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {pack.skipped.length > 0 && (
        <details>
          <summary>{t('servers.modpack.skipped', { count: pack.skipped.length })}</summary>
          <ul className={styles.files} aria-label={t('servers.modpack.skippedLabel')}>
            {pack.skipped.map((path) => (
              <li key={path}>
                <code>{path}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
      {updating && pack.update_version_id && <ModpackUpdateModal serverId={serverId} pack={pack} versionId={pack.update_version_id} onClose={() => setUpdating(false)} />}
    </section>
  );
}
