import type { ServerBackup } from '@cairn/shared/schemas/servers';
import { useState } from 'react';
import { Button, buttonClassName, buttonProps } from '../../../components/ui/button';
import { CardActions, CardListItem, CardMeta, CardTitle } from '../../../components/ui/card-list';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { MenuButton, type MenuItem } from '../../../components/ui/menu';
import { useLocale, useT } from '../../../lib/i18n/i18n-provider';
import { useBackupAction, useDeleteBackup, useEditBackup } from '../api/use-backup-mutations';
import { isBackupBusy, isCancellable } from '../utils/backup-rules';
import { BackupNameModal } from './backup-name-modal';
import styles from './backups-tab.module.css';

interface BackupItemProps {
  serverId: string;
  backup: ServerBackup;
  /** Another backup's work is running on the node: this one cannot start any. */
  othersBusy: boolean;
}

/** One backup: name, badges, date, state with progress or failure, and its actions. */
export function BackupItem({ serverId, backup, othersBusy }: BackupItemProps) {
  const t = useT();
  const locale = useLocale();
  const [dialog, setDialog] = useState<'rename' | 'restore' | 'delete' | null>(null);
  const close = () => setDialog(null);
  const action = useBackupAction(serverId, { onSuccess: close });
  const edit = useEditBackup(serverId, { onSuccess: close });
  const remove = useDeleteBackup(serverId, { onSuccess: close });
  const busy = isBackupBusy(backup.state);
  const ready = backup.state === 'ready';
  const idle = !busy && !othersBusy;

  const items: MenuItem[] = [{ key: 'rename', label: t('servers.backups.rename'), onSelect: () => setDialog('rename') }];
  if (ready && idle) items.push({ key: 'restore', label: t('servers.backups.restore'), onSelect: () => setDialog('restore') });
  items.push({ key: 'lock', label: backup.locked ? t('servers.backups.unlock') : t('servers.backups.lock'), onSelect: () => edit.mutate({ id: backup.id, locked: !backup.locked }) });
  if (!busy && !backup.locked) items.push({ key: 'delete', label: t('servers.backups.delete'), tone: 'red', onSelect: () => setDialog('delete') });

  return (
    <CardListItem
      actions={
        <CardActions>
          {isCancellable(backup.state) && (
            <Button size="small" disabled={action.isPending} onClick={() => action.mutate({ id: backup.id, action: 'cancel' })}>
              {t('servers.backups.cancel')}
            </Button>
          )}
          {backup.state === 'failed' && (
            <Button size="small" color="brand" disabled={action.isPending || othersBusy} onClick={() => action.mutate({ id: backup.id, action: 'retry' })}>
              {t('servers.backups.retry')}
            </Button>
          )}
          {ready && backup.download_url && (
            <a {...buttonProps({ size: 'small', color: 'brand' })} href={backup.download_url} download>
              {t('servers.backups.download')}
            </a>
          )}
          {ready && !backup.download_url && (
            <Button size="small" disabled={action.isPending || !idle} onClick={() => action.mutate({ id: backup.id, action: 'prepare-download' })}>
              {backup.error?.startsWith('Failed to prepare download') ? t('servers.backups.prepareAgain') : t('servers.backups.prepare')}
            </Button>
          )}
          <MenuButton label={t('servers.backups.more', { name: backup.name })} items={items} placement="bottom-end" triggerClassName={buttonClassName({ size: 'small', iconOnly: true })}>
            <span aria-hidden="true">⋮</span>
          </MenuButton>
        </CardActions>
      }
    >
      <CardTitle>{backup.name}</CardTitle>
      <CardMeta spread>
        {backup.automated && <span className={styles.badge}>{t('servers.backups.automated')}</span>}
        {backup.locked && <span className={styles.badge}>{t('servers.backups.locked')}</span>}
        <time dateTime={backup.created}>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(backup.created))}</time>
      </CardMeta>
      <BackupState backup={backup} />

      {dialog === 'rename' && (
        <BackupNameModal
          title={t('servers.backups.renameTitle')}
          submitLabel={t('servers.backups.renameSave')}
          initialName={backup.name}
          pending={edit.isPending}
          onClose={close}
          onSubmit={(name) => edit.mutate({ id: backup.id, name })}
        />
      )}
      <ConfirmModal
        open={dialog === 'restore'}
        onClose={close}
        title={t('servers.backups.restoreTitle', { name: backup.name })}
        confirmLabel={t('servers.backups.restoreConfirm')}
        pending={action.isPending}
        onConfirm={() => action.mutate({ id: backup.id, action: 'restore' })}
      >
        <p>{t('servers.backups.restoreText')}</p>
      </ConfirmModal>
      <ConfirmModal
        open={dialog === 'delete'}
        onClose={close}
        title={t('servers.backups.deleteTitle', { name: backup.name })}
        confirmLabel={t('servers.backups.deleteConfirm')}
        pending={remove.isPending}
        onConfirm={() => remove.mutate(backup.id)}
      >
        <p>{t('servers.backups.deleteText')}</p>
      </ConfirmModal>
    </CardListItem>
  );
}

/** What the node is doing with the backup, with a progress bar on long work, or why it failed. */
function BackupState({ backup }: { backup: ServerBackup }) {
  const t = useT();
  const text = backup.state === 'ready' || backup.state === 'failed' ? null : t(`servers.backups.state.${backup.state}`);
  return (
    <>
      {text && (
        <div className={styles.progressRow} role="status">
          <span>{text}</span>
          {backup.progress !== null && (
            <>
              <progress className={styles.progress} max={100} value={backup.progress} aria-label={t('servers.backups.progress', { name: backup.name })} />
              <span>{t('servers.backups.percent', { value: backup.progress })}</span>
            </>
          )}
        </div>
      )}
      {backup.error && (
        <p className={styles.failure} role={backup.state === 'failed' ? 'alert' : undefined}>
          {backup.error}
        </p>
      )}
    </>
  );
}
