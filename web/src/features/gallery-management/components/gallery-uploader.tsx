import { GALLERY_IMAGE_MAX_BYTES, GALLERY_MAX_IMAGES } from '@cairn/shared/constants/gallery';
import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { HttpError } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useGalleryUploads, type GalleryUploadItem } from '../hooks/use-gallery-uploads';
import { GALLERY_ACCEPT } from '../utils/gallery-rules';
import { defaultUploadDetails } from '../utils/gallery-upload-details';
import styles from './gallery-management.module.css';
import { GalleryUploadDetails, type PendingUpload } from './gallery-upload-details';
import { useFormatters } from '../../../lib/use-formatters';

interface GalleryUploaderProps {
  projectId: string;
  gallery: readonly GalleryImage[];
}

/**
 * "Upload images" above the gallery: pick several files or drop them anywhere on the page. The
 * rules are shown first and checked before anything is sent; the accepted files then get their
 * details (title, description, featured) and go up, each with its own progress.
 */
export function GalleryUploader({ projectId, gallery }: GalleryUploaderProps) {
  const t = useT();
  const { formatBytes } = useFormatters();
  const id = useId();
  const notifications = useNotifications();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { items, prepare, start, discard, cancel, clearFinished } = useGalleryUploads(projectId, gallery, {
    onUploaded: (file) => notifications.add({ type: 'success', title: t('creator.gallery.upload.done', { name: file.name }) }),
    onFailed: (file, error) => notifications.addError(error, t('creator.gallery.upload.failedTitle', { name: file.name })),
  });
  // Files waiting in the details step (more picked or dropped meanwhile join them).
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const add = (files: Iterable<File>) => {
    const prepared = prepare(files);
    if (prepared.length === 0) return;
    setPending((current) => {
      const details = defaultUploadDetails(
        prepared.map((p) => p.file),
        gallery.some((image) => image.featured) || current.some((p) => p.details.featured),
      );
      return [...current, ...prepared.map((p, index) => ({ ...p, details: details[index]! }))];
    });
  };
  const addRef = useRef(add);
  useEffect(() => {
    addRef.current = add;
  });

  // Files dropped anywhere on the page count, not only on the card.
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const over = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      addRef.current(event.dataTransfer?.files ?? []);
    };
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
    };
  }, []);

  const finished = items.some((item) => item.state.status !== 'waiting' && item.state.status !== 'uploading');
  return (
    <section className={cx(styles.dropZone, dragging && styles.dropZoneActive)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        {t('creator.gallery.upload.title')}
      </h2>
      <p className={styles.muted} id={`${id}-rules`}>
        {t('creator.gallery.upload.rules', { size: formatBytes(GALLERY_IMAGE_MAX_BYTES), max: GALLERY_MAX_IMAGES, count: gallery.length })}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        accept={GALLERY_ACCEPT}
        tabIndex={-1}
        className={styles.fileInput}
        aria-label={t('creator.gallery.upload.choose')}
        onChange={(event) => {
          add(event.target.files ?? []);
          event.target.value = '';
        }}
      />
      <Button color="brand" onClick={() => input.current?.click()} aria-describedby={`${id}-rules`}>
        {t('creator.gallery.upload.choose')}
      </Button>
      {pending.length > 0 && (
        <GalleryUploadDetails
          pending={pending}
          onChange={(key, details) => setPending((current) => current.map((p) => (p.key === key ? { ...p, details } : p)))}
          onRemove={(key) => {
            discard(pending.filter((p) => p.key === key));
            setPending((current) => current.filter((p) => p.key !== key));
          }}
          onUpload={() => {
            start(pending);
            setPending([]);
          }}
          onCancel={() => {
            discard(pending);
            setPending([]);
          }}
        />
      )}
      {items.length > 0 && (
        <>
          <ul className={styles.uploads} aria-label={t('creator.gallery.upload.listLabel')}>
            {items.map((item) => (
              <UploadRow key={item.key} item={item} onCancel={() => cancel(item.key)} />
            ))}
          </ul>
          {finished && (
            <Button size="small" variant="transparent" onClick={clearFinished}>
              {t('creator.gallery.upload.clear')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}

function UploadRow({ item, onCancel }: { item: GalleryUploadItem; onCancel: () => void }) {
  const t = useT();
  const { state } = item;
  const active = state.status === 'waiting' || state.status === 'uploading';
  const percent = state.status === 'uploading' && state.progress.total > 0 ? Math.round((state.progress.loaded / state.progress.total) * 100) : 0;
  return (
    <li className={styles.upload}>
      <div className={styles.uploadRow}>
        <span className={styles.fileName}>{item.file.name}</span>
        {active && (
          <Button size="small" variant="outlined" color="red" onClick={onCancel} aria-label={t('creator.gallery.upload.cancel', { name: item.file.name })}>
            {t('creator.gallery.upload.cancelShort')}
          </Button>
        )}
      </div>
      {active && (
        <progress
          className={styles.progressBar}
          max={100}
          value={state.status === 'uploading' ? percent : 0}
          aria-label={t('creator.gallery.upload.progressLabel', { name: item.file.name })}
        />
      )}
      <UploadStatus state={state} percent={percent} />
    </li>
  );
}

function UploadStatus({ state, percent }: { state: GalleryUploadItem['state']; percent: number }) {
  const t = useT();
  const { formatBytes } = useFormatters();
  switch (state.status) {
    case 'waiting':
      return <span className={styles.muted}>{t('creator.gallery.upload.waiting')}</span>;
    case 'uploading':
      return (
        <span className={styles.muted}>
          {t('creator.gallery.upload.progress', { percent, loaded: formatBytes(state.progress.loaded), total: formatBytes(state.progress.total) })}
        </span>
      );
    case 'done':
      return <span className={styles.muted}>{t('creator.gallery.upload.uploaded')}</span>;
    case 'cancelled':
      return <span className={styles.muted}>{t('creator.gallery.upload.cancelled')}</span>;
    case 'rejected':
      return (
        <p className={styles.error} role="alert">
          {state.reason === 'type'
            ? t('creator.gallery.upload.wrongType')
            : state.reason === 'size'
              ? t('creator.gallery.upload.tooLarge', { size: formatBytes(GALLERY_IMAGE_MAX_BYTES) })
              : t('creator.gallery.upload.full', { max: GALLERY_MAX_IMAGES })}
        </p>
      );
    case 'failed':
      return (
        <p className={styles.error} role="alert">
          {state.error instanceof HttpError ? state.error.description : state.error.message}
        </p>
      );
  }
}
