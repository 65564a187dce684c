import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { useDeleteGalleryImage, useModifyGalleryImage } from '../api/use-gallery-mutations';
import { GalleryItemEditor } from './gallery-item-editor';
import styles from './gallery-management.module.css';

interface GalleryItemActionsProps {
  projectId: string;
  image: GalleryImage;
  /** The name the image goes by on the page, for the buttons' accessible names. */
  label: string;
}

/** Edit, feature or unfeature, and remove (after asking) one gallery image. */
export function GalleryItemActions({ projectId, image, label }: GalleryItemActionsProps) {
  const t = useT();
  const notifications = useNotifications();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const feature = useModifyGalleryImage(projectId, {
    onSuccess: (_data, { changes }) => notifications.add({ type: 'success', title: changes.featured ? t('creator.gallery.featured') : t('creator.gallery.unfeatured') }),
    onError: (error) => notifications.addError(error),
  });
  const remove = useDeleteGalleryImage(projectId, {
    onSuccess: () => {
      setConfirming(false);
      notifications.add({ type: 'success', title: t('creator.gallery.removed') });
    },
    onError: (error) => notifications.addError(error),
  });

  return (
    <div className={styles.actions}>
      <Button size="small" onClick={() => setEditing(true)} aria-label={t('creator.gallery.editLabel', { title: label })}>
        {t('creator.gallery.editButton')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={feature.isPending}
        onClick={() => feature.mutate({ url: image.url, changes: { featured: !image.featured } })}
        aria-label={image.featured ? t('creator.gallery.unfeatureLabel', { title: label }) : t('creator.gallery.featureLabel', { title: label })}
      >
        {image.featured ? t('creator.gallery.unfeatureButton') : t('creator.gallery.featureButton')}
      </Button>
      <Button size="small" variant="outlined" color="red" onClick={() => setConfirming(true)} aria-label={t('creator.gallery.removeLabel', { title: label })}>
        {t('creator.gallery.removeButton')}
      </Button>
      {editing && <GalleryItemEditor projectId={projectId} image={image} label={label} onClose={() => setEditing(false)} />}
      <ConfirmModal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('creator.gallery.removeTitle')}
        confirmLabel={t('creator.gallery.removeButton')}
        onConfirm={() => remove.mutate(image.url)}
        pending={remove.isPending}
      >
        <p>{t('creator.gallery.removeText', { title: label })}</p>
      </ConfirmModal>
    </div>
  );
}
