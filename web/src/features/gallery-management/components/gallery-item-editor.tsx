import type { GalleryImage } from '@cairn/shared/schemas/projects';
import { useMemo } from 'react';
import { CheckboxField, FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useModifyGalleryImage } from '../api/use-gallery-mutations';
import { galleryItemChanges, galleryItemDefaults, galleryItemSchema, type GalleryItemValues } from '../utils/gallery-item-form';
import { GALLERY_DESCRIPTION_MAX_LENGTH, GALLERY_TITLE_MAX_LENGTH } from '@cairn/shared/constants/gallery';
import styles from './gallery-management.module.css';

interface GalleryItemEditorProps {
  projectId: string;
  image: GalleryImage;
  /** The name the image goes by on the page ("Image 2" when untitled). */
  label: string;
  onClose: () => void;
}

/** "Edit gallery image": title, description, order index and featured, saved together. */
export function GalleryItemEditor({ projectId, image, label, onClose }: GalleryItemEditorProps) {
  const t = useT();
  const notifications = useNotifications();
  const schema = useMemo(
    () =>
      galleryItemSchema(image, {
        titleTooLong: t('creator.gallery.edit.titleTooLong', { max: GALLERY_TITLE_MAX_LENGTH }),
        titleRequired: t('creator.gallery.edit.titleRequired'),
        descriptionTooLong: t('creator.gallery.edit.descriptionTooLong', { max: GALLERY_DESCRIPTION_MAX_LENGTH }),
        descriptionRequired: t('creator.gallery.edit.descriptionRequired'),
        ordering: t('creator.gallery.edit.orderingInvalid'),
      }),
    [image, t],
  );
  const { register, handleSubmit, setError, formState } = useZodForm<GalleryItemValues>(schema, galleryItemDefaults(image));
  const modify = useModifyGalleryImage(projectId, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('creator.gallery.edit.saved') });
      onClose();
    },
    onError: (error) => {
      notifications.addError(error);
      setFormErrors(setError, formErrorsFrom(error, {}));
    },
  });
  const submit = handleSubmit((values) => {
    const changes = galleryItemChanges(image, values);
    if (Object.keys(changes).length === 0) return onClose();
    modify.mutate({ url: image.url, changes });
  });
  const { errors } = formState;

  return (
    <FormModal
      title={t('creator.gallery.edit.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('creator.gallery.edit.save')}
      submitDisabled={modify.isPending}
      formClassName={styles.form} formLabel={t('creator.gallery.edit.title')}
    >
      <img className={styles.preview} src={image.url} alt={label} />
      <TextField label={t('creator.gallery.edit.titleField')} maxLength={GALLERY_TITLE_MAX_LENGTH} error={errors.title?.message} {...register('title')} />
      <TextAreaField label={t('creator.gallery.edit.description')} rows={3} maxLength={GALLERY_DESCRIPTION_MAX_LENGTH} error={errors.description?.message} {...register('description')} />
      <TextField
        label={t('creator.gallery.edit.ordering')}
        hint={t('creator.gallery.edit.orderingHint')}
        inputMode="numeric"
        error={errors.ordering?.message}
        {...register('ordering')}
      />
      <CheckboxField label={t('creator.gallery.edit.featured')} hint={t('creator.gallery.edit.featuredHint')} {...register('featured')} />
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
    </FormModal>
  );
}
