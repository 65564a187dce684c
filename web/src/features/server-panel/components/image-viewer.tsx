import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form';
import { Skeleton, SkeletonRegion } from '../../../components/ui/skeleton';
import { useT } from '../../../lib/i18n/i18n-provider';
import { describeErrorForToast } from '../../../lib/notifications';
import { fileQueries } from '../api/file-queries';
import type { NodeFiles } from '../api/node-files';
import { baseName } from '../utils/file-paths';
import styles from './files-tab.module.css';

/** An image from the server folder, fetched with the node token and shown from a blob URL. */
export function ImageViewer({ files, serverId, path, onClose }: { files: NodeFiles; serverId: string; path: string; onClose: () => void }) {
  const t = useT();
  const query = useQuery({ ...fileQueries.image(files, serverId, path), refetchOnWindowFocus: false });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : undefined), [query.data]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  return (
    <div className={styles.editor}>
      <div className={styles.editorBar}>
        <Button variant="outlined" size="small" onClick={onClose}>
          {t('servers.files.editor.back')}
        </Button>
        <h2 className={styles.editorTitle}>
          <code>{path}</code>
        </h2>
      </div>
      {query.isError ? (
        <FormAlert>{t('servers.files.editor.loadError', { error: describeErrorForToast(query.error).text })}</FormAlert>
      ) : url ? (
        <img src={url} alt={baseName(path)} className={styles.image} />
      ) : (
        <SkeletonRegion label={t('servers.files.image.loading')}>
          <Skeleton height="12rem" />
        </SkeletonRegion>
      )}
    </div>
  );
}
