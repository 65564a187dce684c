import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { UploadItem } from '../hooks/use-upload-queue';
import styles from './files-tab.module.css';
import { useFormatters } from '../../../lib/use-formatters';

interface UploadQueueProps {
  items: readonly UploadItem[];
  onCancel: (id: number) => void;
  onDismiss: (id: number) => void;
  onClearFinished: () => void;
}

/** Files being uploaded: a progress bar each, cancel while it runs, dismiss when finished or failed. */
export function UploadQueue({ items, onCancel, onDismiss, onClearFinished }: UploadQueueProps) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const headingId = useId();
  if (items.length === 0) return null;
  const reason = (item: UploadItem) => {
    if (item.error?.code === 'already_exists') return t('servers.files.upload.exists');
    if (item.error?.code === 'storage_quota_exceeded') return t('servers.files.upload.quota');
    return item.error?.description ?? '';
  };
  const statusText = (item: UploadItem) => {
    switch (item.status) {
      case 'queued':
        return t('servers.files.upload.queued');
      case 'uploading':
        return t('servers.files.upload.progress', { loaded: formatBytes(item.loaded), total: formatBytes(item.size) });
      case 'done':
        return t('servers.files.upload.done');
      case 'cancelled':
        return t('servers.files.upload.cancelled');
      case 'failed':
        return t('servers.files.upload.failed', { reason: reason(item) });
    }
  };
  return (
    <section className={styles.uploads} aria-labelledby={headingId}>
      <div className={styles.uploadsHeader}>
        <h2 id={headingId} className={styles.uploadsTitle}>
          {t('servers.files.uploads')}
        </h2>
        <Button size="small" variant="transparent" onClick={onClearFinished}>
          {t('servers.files.upload.clear')}
        </Button>
      </div>
      <ul className={styles.uploadList}>
        {items.map((item) => {
          const running = item.status === 'queued' || item.status === 'uploading';
          return (
            <li key={item.id} className={styles.uploadItem} data-status={item.status}>
              <span className={styles.uploadName}>{item.name}</span>
              <progress className={styles.progress} aria-label={item.name} max={Math.max(item.size, 1)} value={item.status === 'done' ? Math.max(item.size, 1) : item.loaded} />
              <span className={styles.uploadStatus} role={item.status === 'failed' ? 'alert' : undefined}>
                {statusText(item)}
              </span>
              {running ? (
                <Button size="small" variant="transparent" aria-label={t('servers.files.upload.cancel', { name: item.name })} onClick={() => onCancel(item.id)}>
                  <span aria-hidden="true">✕</span>
                </Button>
              ) : (
                <Button size="small" variant="transparent" aria-label={t('servers.files.upload.dismiss', { name: item.name })} onClick={() => onDismiss(item.id)}>
                  <span aria-hidden="true">✕</span>
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
