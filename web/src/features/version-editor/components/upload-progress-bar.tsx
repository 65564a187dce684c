import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import styles from './version-editor.module.css';
import { useFormatters } from '../../../lib/use-formatters';

/** How much of the upload has gone out, with a way to stop it. */
export function UploadProgressBar({ progress, onCancel }: { progress: UploadProgress; onCancel: () => void }) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const percent = progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  return (
    <div className={styles.progress}>
      <progress className={styles.progressBar} max={100} value={percent} aria-label={t('versionEditor.upload.progressLabel')} />
      <div className={styles.toolbar}>
        <span role="status" className={styles.muted}>
          {progress.total > 0
            ? t('versionEditor.upload.progress', { percent, loaded: formatBytes(progress.loaded), total: formatBytes(progress.total) })
            : t('versionEditor.upload.starting')}
        </span>
        <Button size="small" variant="outlined" color="red" onClick={onCancel}>
          {t('versionEditor.upload.cancel')}
        </Button>
      </div>
    </div>
  );
}
