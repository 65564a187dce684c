import type { ProjectType } from '@cairn/shared/constants/project-types';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setPendingVersionFile } from '../utils/pending-file';
import { acceptedExtensions, hasAcceptedExtension, MAX_VERSION_FILE_BYTES } from '../utils/upload-rules';
import { cx } from '../../../lib/class-names';
import styles from './version-editor.module.css';

interface UploadVersionCardProps {
  type: ProjectType;
  /** Where the create form lives: it opens with the picked file. */
  createHref: string;
}

/**
 * "Upload a version" on the versions page (members who may upload): pick a file or drop one
 * anywhere on the page, and the create form opens with it.
 */
export function UploadVersionCard({ type, createHref }: UploadVersionCardProps) {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const accept = acceptedExtensions(type);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!hasAcceptedExtension(file.name, accept)) {
      notifications.add({ type: 'error', title: t('versionEditor.upload.wrongType'), text: t('versionEditor.upload.accepted', { extensions: accept }) });
      return;
    }
    if (file.size > MAX_VERSION_FILE_BYTES) {
      notifications.add({ type: 'error', title: t('versionEditor.errors.fileTooLarge') });
      return;
    }
    setPendingVersionFile(file);
    void navigate(createHref);
  };
  const takeRef = useRef(take);
  useEffect(() => {
    takeRef.current = take;
  });

  // A file dropped anywhere on the page counts, not only on the card.
  useEffect(() => {
    const hasFiles = (event: globalThis.DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const over = (event: globalThis.DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(true);
    };
    const leave = (event: globalThis.DragEvent) => {
      if (event.relatedTarget === null) setDragging(false);
    };
    const drop = (event: globalThis.DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setDragging(false);
      takeRef.current(event.dataTransfer?.files[0]);
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

  return (
    <section
      className={cx(styles.dropZone, dragging && styles.dropZoneActive)}
      aria-labelledby={`${id}-title`}
      onDragOver={(event: DragEvent) => event.preventDefault()}
    >
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('versionEditor.upload.title')}
      </h2>
      <p className={styles.muted}>{t('versionEditor.upload.text')}</p>
      <input
        ref={input}
        type="file"
        accept={accept}
        tabIndex={-1}
        className={styles.fileInput}
        aria-label={t('versionEditor.upload.choose')}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button color="brand" onClick={() => input.current?.click()}>
        {t('versionEditor.upload.choose')}
      </Button>
    </section>
  );
}
