import { serverPlatform } from '@cairn/shared/constants/server-platforms';
import type { ServerContent } from '@cairn/shared/schemas/server-content';
import type { Server } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { AppIcon } from '../../../components/ui/app-icon';
import { AppLink } from '../../../components/ui/app-link';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n-provider';
import { usePlatformName } from '../../../lib/servers/use-platform-name';
import { serverContentQueries } from '../api/server-content-queries';
import { usePinContent, useRemoveContent, useToggleContent } from '../api/use-server-content-mutations';
import { AddContentModal } from './add-content-modal';
import { ContentUpdatesModal } from './content-updates-modal';
import { ModpackCard } from './modpack-card';
import styles from './content-tab.module.css';

type Filter = 'all' | 'enabled' | 'disabled';
const FILTERS: readonly Filter[] = ['all', 'enabled', 'disabled'];

/** Content: what is installed on the server (enable, update, remove) and "Add content" from the catalogue. */
export function ContentTab({ server }: { server: Server }) {
  const t = useT();
  const platform = usePlatformName();
  const searchId = useId();
  const query = useQuery(serverContentQueries.list(server.id));
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  // Which update is being previewed: one project's id, 'all', or none.
  const [previewing, setPreviewing] = useState<string | undefined>();
  const kind = serverPlatform(server.loader).kind;

  if (query.isPending) return <p role="status">{t('servers.content.loading')}</p>;
  if (query.isError)
    return (
      <div role="alert" className={styles.tab}>
        <p>{t('servers.content.loadError')}</p>
        <div>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      </div>
    );

  const all = query.data.content;
  const needle = search.trim().toLowerCase();
  const shown = all.filter(
    (c) => (filter === 'all' || (filter === 'enabled') === c.enabled) && (!needle || c.title.toLowerCase().includes(needle) || c.file_name.toLowerCase().includes(needle)),
  );

  return (
    <section className={styles.tab} aria-labelledby={`${searchId}-title`}>
      <div className={styles.heading}>
        <h2 id={`${searchId}-title`} className={styles.title}>
          {t(kind === 'plugin' ? 'servers.content.titlePlugins' : 'servers.content.titleMods')}
        </h2>
        <div className={styles.headingActions}>
          {all.some((c) => c.update_version_number && !c.pinned) && (
            <Button onClick={() => setPreviewing('all')}>{t('servers.content.updateAll')}</Button>
          )}
          <Button color="brand" onClick={() => setAdding(true)}>
            {t('servers.content.add')}
          </Button>
        </div>
      </div>
      <p className={styles.hint}>{t('servers.content.hint', { platform: platform.label(server.loader, query.data.game_version) })}</p>
      <ModpackCard serverId={server.id} />
      {all.length > 0 && (
        <div className={styles.toolbar}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('servers.content.searchLabel')}
          </label>
          <Input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('servers.content.searchPlaceholder', { count: all.length })} />
          <div role="group" aria-label={t('servers.content.filterLabel')} className={styles.filters}>
            {FILTERS.map((f) => (
              <Button key={f} size="small" variant={filter === f ? 'standard' : 'transparent'} aria-pressed={filter === f} onClick={() => setFilter(f)}>
                {t(`servers.content.filter.${f}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
      {all.length === 0 ? (
        <EmptyState framed>{t('servers.content.empty')}</EmptyState>
      ) : shown.length === 0 ? (
        <div className={styles.noMatch}>
          <EmptyState>{t('servers.content.noMatch')}</EmptyState>
          <Button
            variant="transparent"
            onClick={() => {
              setSearch('');
              setFilter('all');
            }}
          >
            {t('servers.content.showAll')}
          </Button>
        </div>
      ) : (
        <ul className={styles.list} aria-label={t('servers.content.installedLabel')}>
          {shown.map((item) => (
            <ContentRow key={item.project_id} serverId={server.id} item={item} all={all} onPreview={() => setPreviewing(item.project_id)} />
          ))}
        </ul>
      )}
      <AddContentModal open={adding} onClose={() => setAdding(false)} server={server} installed={all} />
      {previewing && <ContentUpdatesModal serverId={server.id} projectId={previewing === 'all' ? undefined : previewing} onClose={() => setPreviewing(undefined)} />}
    </section>
  );
}

function ContentRow({ serverId, item, all, onPreview }: { serverId: string; item: ServerContent; all: readonly ServerContent[]; onPreview: () => void }) {
  const t = useT();
  const switchId = useId();
  const [confirming, setConfirming] = useState(false);
  const toggle = useToggleContent(serverId);
  const pin = usePinContent(serverId);
  const remove = useRemoveContent(serverId);
  const requiredBy = item.dependency_of ? all.find((c) => c.project_id === item.dependency_of)?.title : undefined;
  const busy = toggle.isPending || pin.isPending || remove.isPending;
  return (
    <li className={styles.row} aria-busy={busy}>
      <AppIcon name={item.title} iconUrl={item.icon_url} size="small" />
      <div className={styles.details}>
        <span className={styles.name}>
          {item.slug ? <AppLink to={paths.project.getPermanentHref(item.project_id)}>{item.title}</AppLink> : item.title}
          {!item.enabled && <span className={styles.badge}>{t('servers.content.disabled')}</span>}
          {item.pinned && <span className={styles.badge}>{t('servers.content.pinned')}</span>}
        </span>
        <span className={styles.meta}>
          {t('servers.content.version', { version: item.version_number })} · <code>{item.file_name}</code>
        </span>
        {requiredBy && <span className={styles.meta}>{t('servers.content.requiredBy', { name: requiredBy })}</span>}
      </div>
      <div className={styles.actions}>
        {item.update_version_number && !item.pinned && (
          <Button size="small" onClick={onPreview} disabled={busy} aria-label={t('servers.content.updateLabel', { name: item.title, version: item.update_version_number })}>
            {t('servers.content.update', { version: item.update_version_number })}
          </Button>
        )}
        <Button
          size="small"
          variant="outlined"
          aria-pressed={item.pinned}
          onClick={() => pin.mutate({ projectId: item.project_id, pinned: !item.pinned })}
          disabled={busy}
          aria-label={t(item.pinned ? 'servers.content.unpinLabel' : 'servers.content.pinLabel', { name: item.title, version: item.version_number })}
        >
          {t(item.pinned ? 'servers.content.unpin' : 'servers.content.pin')}
        </Button>
        <span className={styles.switch}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={item.enabled}
            disabled={busy}
            onChange={(e) => toggle.mutate({ projectId: item.project_id, enabled: e.target.checked })}
          />
          <label htmlFor={switchId} className="visually-hidden">
            {t('servers.content.enabledLabel', { name: item.title })}
          </label>
        </span>
        <Button size="small" variant="transparent" color="red" onClick={() => setConfirming(true)} disabled={busy}>
          {t('servers.content.remove')}
        </Button>
      </div>
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('servers.content.removeTitle', { name: item.title })}
        confirmLabel={t('servers.content.remove')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ projectId: item.project_id, title: item.title }, { onSettled: () => setConfirming(false) })}
      >
        <p>{t('servers.content.removeText', { file: item.file_name })}</p>
      </ConfirmModal>
    </li>
  );
}
