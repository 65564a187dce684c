import { COLLECTION_DESCRIPTION_MAX, COLLECTION_NAME_MAX, COLLECTION_NAME_MIN, COLLECTION_DESCRIPTION_MIN, OWNER_COLLECTION_STATUSES, type Collection } from '@cairn/shared/schemas/collections';
import { useMemo, useRef } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FieldHint, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCollectionIcon } from '../api/use-collection-icon';
import { useEditCollection } from '../api/use-edit-collection';
import styles from './create-collection-modal.module.css';

interface EditValues {
  name: string;
  summary: string;
  status: Collection['status'];
}

/** The owner's edit form: icon (upload or delete), name, summary and visibility. */
export function EditCollectionModal({ collection, onClose }: { collection: Collection; onClose: () => void }) {
  const t = useT();
  const fileInput = useRef<HTMLInputElement>(null);
  const edit = useEditCollection(collection.id);
  const icon = useCollectionIcon(collection.id);
  const locked = collection.status === 'rejected' || collection.status === 'unknown';
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().refine((v) => v.trim().length >= COLLECTION_NAME_MIN && v.trim().length <= COLLECTION_NAME_MAX, t('collections.create.nameInvalid', { max: COLLECTION_NAME_MAX })),
        summary: z
          .string()
          .refine((v) => v.trim() === '' || (v.trim().length >= COLLECTION_DESCRIPTION_MIN && v.length <= COLLECTION_DESCRIPTION_MAX), t('collections.create.summaryInvalid', { max: COLLECTION_DESCRIPTION_MAX })),
        status: z.enum(['listed', 'unlisted', 'private', 'rejected', 'unknown']),
      }),
    [t],
  );
  const { register, handleSubmit, formState } = useZodForm<EditValues>(schema, { name: collection.name, summary: collection.description ?? '', status: collection.status });
  const submit = handleSubmit((values) =>
    edit.mutate(
      {
        changes: {
          name: values.name.trim(),
          description: values.summary.trim() || null,
          ...(locked || values.status === collection.status ? {} : { status: values.status as (typeof OWNER_COLLECTION_STATUSES)[number] }),
        },
        toast: t('collections.edit.saved'),
      },
      { onSuccess: onClose },
    ),
  );
  return (
    <FormModal
      title={t('collections.edit.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('collections.edit.save')}
      submitDisabled={edit.isPending}
      formClassName={styles.form}
    >
      <div>
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          hidden
          aria-label={t('collections.icon.upload')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) icon.mutate(file);
            event.target.value = '';
          }}
        />
        <Button onClick={() => fileInput.current?.click()} disabled={icon.isPending}>
          {t('collections.icon.upload')}
        </Button>{' '}
        {collection.icon_url && (
          <Button variant="outlined" color="red" onClick={() => icon.mutate(null)} disabled={icon.isPending}>
            {t('collections.icon.delete')}
          </Button>
        )}
      </div>
      <TextField label={t('collections.create.name')} maxLength={COLLECTION_NAME_MAX} autoComplete="off" required error={formState.errors.name?.message} {...register('name')} />
      <TextAreaField label={t('collections.create.summary')} maxLength={COLLECTION_DESCRIPTION_MAX} rows={3} error={formState.errors.summary?.message} {...register('summary')} />
      <fieldset disabled={locked} className={styles.form}>
        <legend>{t('collections.edit.visibility')}</legend>
        {OWNER_COLLECTION_STATUSES.map((value) => (
          <label key={value}>
            <input type="radio" value={value} {...register('status')} /> {t(`collections.status.${value}`)}
          </label>
        ))}
        {locked && <FieldHint>{t('collections.edit.visibilityLocked')}</FieldHint>}
      </fieldset>
    </FormModal>
  );
}
