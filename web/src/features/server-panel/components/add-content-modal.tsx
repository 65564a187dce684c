import type { ServerContent } from '@cairn/shared/schemas/server-content';
import type { Server } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { AppIcon } from '../../../components/ui/app-icon';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverContentQueries } from '../api/server-content-queries';
import { useInstallContent } from '../api/use-server-content-mutations';
import styles from './content-tab.module.css';

interface AddContentModalProps {
  open: boolean;
  onClose: () => void;
  server: Server;
  installed: readonly ServerContent[];
}

/** "Add content": catalogue search limited to what the server runs, each hit with Install. */
export function AddContentModal({ open, onClose, server, installed }: AddContentModalProps) {
  const t = useT();
  return (
    <Modal open={open} onClose={onClose} title={t('servers.content.addTitle')} size="wide">
      {open && <CatalogueSearch server={server} installed={installed} />}
    </Modal>
  );
}

function CatalogueSearch({ server, installed }: { server: Server; installed: readonly ServerContent[] }) {
  const t = useT();
  const inputId = useId();
  const [text, setText] = useState('');
  const query = useDeferredValue(text);
  const results = useQuery(serverContentQueries.search(server, query));
  const install = useInstallContent(server.id);
  const installedIds = new Set(installed.map((c) => c.project_id));
  return (
    <div className={styles.search}>
      <label htmlFor={inputId}>{t('servers.content.catalogueLabel')}</label>
      <Input id={inputId} type="search" block value={text} onChange={(e) => setText(e.target.value)} />
      {results.isPending ? (
        <p role="status">{t('servers.content.searching')}</p>
      ) : results.isError ? (
        <p role="alert">{t('servers.content.searchError')}</p>
      ) : results.data.hits.length === 0 ? (
        <EmptyState>{t('servers.content.noResults')}</EmptyState>
      ) : (
        <ul className={styles.list} aria-label={t('servers.content.resultsLabel')} aria-busy={results.isFetching}>
          {results.data.hits.map((hit) => {
            const isInstalled = installedIds.has(hit.project_id);
            const installing = install.isPending && install.variables === hit.project_id;
            return (
              <li key={hit.project_id} className={styles.row}>
                <AppIcon name={hit.title} iconUrl={hit.icon_url || null} size="small" />
                <div className={styles.details}>
                  <span className={styles.name}>{hit.title}</span>
                  <span className={styles.meta}>{t('servers.content.by', { author: hit.author })}</span>
                  <span className={styles.meta}>{hit.description}</span>
                </div>
                <div className={styles.actions}>
                  {isInstalled ? (
                    <span className={styles.meta}>{t('servers.content.alreadyInstalled')}</span>
                  ) : (
                    <Button size="small" color="brand" disabled={install.isPending} onClick={() => install.mutate(hit.project_id)} aria-label={t('servers.content.installLabel', { name: hit.title })}>
                      {installing ? t('servers.content.installing') : t('servers.content.install')}
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
