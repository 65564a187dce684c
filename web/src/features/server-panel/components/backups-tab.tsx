import type { Server } from '@cairn/shared/schemas/servers';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/card-list';
import { EmptyState } from '../../../components/ui/empty-state';
import { CheckboxField, FormAlert } from '../../../components/ui/form';
import { useT } from '../../../lib/i18n/i18n-provider';
import { serverQueries } from '../../../lib/servers/servers-queries';
import { backupQueries } from '../api/backups-queries';
import { useCreateBackup } from '../api/use-backup-mutations';
import { useBackupWhileRunning } from '../hooks/use-backup-while-running';
import { createBlockReason, defaultBackupName, isBackupBusy, quotaTone } from '../utils/backup-rules';
import { AutobackupModal } from './autobackup-modal';
import { BackupItem } from './backup-item';
import { BackupNameModal } from './backup-name-modal';
import styles from './backups-tab.module.css';

/** While the node works on a backup the tab asks again this often (states and progress). */
const BUSY_POLL_MS = 1000;

/** Backups: slots used, automatic backups, creating one, and the list newest first with each one's actions. */
export function BackupsTab({ server, running }: { server: Server; running: boolean }) {
  const t = useT();
  const titleId = useId();
  const reasonId = useId();
  const query = useQuery({ ...serverQueries.backups(server.id), refetchInterval: (q) => (q.state.data?.backups.some((b) => isBackupBusy(b.state)) ? BUSY_POLL_MS : false) });
  const schedule = useQuery(backupQueries.autobackup(server.id));
  const [dialog, setDialog] = useState<'create' | 'auto' | null>(null);
  const [whileRunning, setWhileRunning] = useBackupWhileRunning(server.id);
  const create = useCreateBackup(server.id, { onSuccess: () => setDialog(null) });

  if (query.isPending) return <p role="status">{t('servers.backups.loading')}</p>;
  if (query.isError)
    return (
      <div className={styles.tab}>
        <FormAlert>{t('servers.backups.error')}</FormAlert>
        <div>
          <Button onClick={() => void query.refetch()}>{t('servers.retry')}</Button>
        </div>
      </div>
    );

  const { backups, max_backups: max } = query.data;
  const block = createBlockReason({ backups, max, installing: server.status === 'installing', running, allowWhileRunning: whileRunning });
  const newestFirst = [...backups].sort((a, b) => b.created.localeCompare(a.created));
  const busyId = backups.find((b) => isBackupBusy(b.state))?.id;

  return (
    <section className={styles.tab} aria-labelledby={titleId}>
      <header className={styles.header}>
        <div>
          <h2 id={titleId} className={styles.title}>
            {t('servers.backups.title')}
            <span className={styles.chip} data-tone={quotaTone(backups.length, max)} aria-label={t('servers.backups.slotsLabel', { used: backups.length, max })}>
              {t('servers.backups.slots', { used: backups.length, max })}
            </span>
          </h2>
          <p className={styles.explanation}>{t('servers.backups.explanation', { max })}</p>
        </div>
        <div className={styles.toolbar}>
          <Button disabled={!schedule.data} onClick={() => setDialog('auto')}>
            {schedule.data?.enabled ? t('servers.backups.auto.buttonOn', { hours: schedule.data.interval_hours }) : t('servers.backups.auto.button')}
          </Button>
          <Button color="brand" disabled={block !== null} aria-describedby={block ? reasonId : undefined} onClick={() => setDialog('create')}>
            {t('servers.backups.create')}
          </Button>
        </div>
      </header>
      {block && (
        <p id={reasonId} className={styles.reason}>
          {t(`servers.backups.blocked.${block}`, { max })}
        </p>
      )}
      <CheckboxField label={t('servers.backups.whileRunning')} hint={t('servers.backups.whileRunningHint')} checked={whileRunning} onChange={(event) => setWhileRunning(event.target.checked)} />

      {newestFirst.length === 0 ? (
        <EmptyState framed>{t('servers.backups.empty')}</EmptyState>
      ) : (
        <CardList>
          {newestFirst.map((backup) => (
            <BackupItem key={backup.id} serverId={server.id} backup={backup} othersBusy={busyId !== undefined && busyId !== backup.id} />
          ))}
        </CardList>
      )}

      {dialog === 'create' && (
        <BackupNameModal
          title={t('servers.backups.createTitle')}
          submitLabel={t('servers.backups.createSubmit')}
          initialName={defaultBackupName(backups)}
          pending={create.isPending}
          onClose={() => setDialog(null)}
          onSubmit={(name) => create.mutate(name)}
        />
      )}
      {dialog === 'auto' && schedule.data && <AutobackupModal serverId={server.id} current={schedule.data} onClose={() => setDialog(null)} />}
    </section>
  );
}
