import { GALLERY_DESCRIPTION_MAX_LENGTH, GALLERY_TITLE_MAX_LENGTH } from '@cairn/shared/constants/gallery';
import { useCallback } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckboxField, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import type { PreparedUpload } from '../hooks/use-gallery-uploads';
import type { GalleryImageDetails } from '../utils/gallery-upload-details';
import styles from './gallery-management.module.css';

export type PendingUpload = PreparedUpload & { details: GalleryImageDetails };

interface GalleryUploadDetailsProps {
  pending: readonly PendingUpload[];
  onChange: (key: number, details: GalleryImageDetails) => void;
  /** Leaves one file out of this upload. */
  onRemove: (key: number) => void;
  onUpload: () => void;
  onCancel: () => void;
}

/**
 * The details step of an upload ("Upload gallery images"): per picked file a preview, its title
 * (the file name to begin with), a description and whether it is the featured image, then one
 * Upload for them all. Only one image can be featured, so featuring one here unticks the others.
 */
export function GalleryUploadDetails({ pending, onChange, onRemove, onUpload, onCancel }: GalleryUploadDetailsProps) {
  const t = useT();
  const several = pending.length > 1;
  const feature = (key: number, featured: boolean) => {
    for (const item of pending) {
      if (item.key === key) onChange(key, { ...item.details, featured });
      else if (featured && item.details.featured) onChange(item.key, { ...item.details, featured: false });
    }
  };
  return (
    <FormModal
      title={t('creator.gallery.details.title', { count: pending.length })}
      formLabel={t('creator.gallery.details.title', { count: pending.length })}
      formClassName={styles.form}
      onClose={onCancel}
      onSubmit={(event) => {
        event.preventDefault();
        onUpload();
      }}
      submitLabel={t('creator.gallery.details.upload', { count: pending.length })}
    >
      <p className={styles.muted}>{t('creator.gallery.details.lede')}</p>
      {pending.map((item) => (
        <fieldset key={item.key} className={several ? styles.detailsGroup : styles.detailsSingle}>
          <legend className={styles.fileName}>{item.file.name}</legend>
          <UploadPreview file={item.file} />
          <TextField
            label={t('creator.gallery.edit.titleField')}
            hint={t('creator.gallery.details.titleHint')}
            maxLength={GALLERY_TITLE_MAX_LENGTH}
            value={item.details.title}
            onChange={(event) => onChange(item.key, { ...item.details, title: event.target.value })}
          />
          <TextAreaField
            label={t('creator.gallery.edit.description')}
            rows={2}
            maxLength={GALLERY_DESCRIPTION_MAX_LENGTH}
            value={item.details.description}
            onChange={(event) => onChange(item.key, { ...item.details, description: event.target.value })}
          />
          <CheckboxField
            label={t('creator.gallery.edit.featured')}
            hint={t('creator.gallery.details.featuredHint')}
            checked={item.details.featured}
            onChange={(event) => feature(item.key, event.target.checked)}
          />
          {several && (
            <div>
              <Button size="small" variant="transparent" color="red" onClick={() => onRemove(item.key)} aria-label={t('creator.gallery.details.remove', { name: item.file.name })}>
                {t('creator.gallery.details.removeShort')}
              </Button>
            </div>
          )}
        </fieldset>
      ))}
    </FormModal>
  );
}

/** The picked image itself, from a blob URL released when the image goes away (a ref cleanup). */
function UploadPreview({ file }: { file: File }) {
  const t = useT();
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(file);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [file],
  );
  return <img ref={attach} className={styles.preview} alt={t('creator.gallery.details.preview', { name: file.name })} />;
}
