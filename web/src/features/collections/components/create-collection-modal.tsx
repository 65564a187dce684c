import { COLLECTION_DESCRIPTION_MAX, COLLECTION_DESCRIPTION_MIN, COLLECTION_NAME_MAX, COLLECTION_NAME_MIN } from '@cairn/shared/schemas/collections';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useZodForm } from '../../../lib/use-zod-form';
import { useCreateCollection } from '../api/use-create-collection';
import styles from './create-collection-modal.module.css';

interface CreateValues {
  name: string;
  summary: string;
}

interface CreateCollectionModalProps {
  onClose: () => void;
  /** Projects the new collection starts with (the Save popout passes its project and stays). */
  projectIds?: readonly string[];
}

/** "Create a collection": name and optional summary. From the header it opens the new collection. */
export function CreateCollectionModal({ onClose, projectIds }: CreateCollectionModalProps) {
  const t = useT();
  const navigate = useNavigate();
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().refine((v) => v.trim().length >= COLLECTION_NAME_MIN && v.trim().length <= COLLECTION_NAME_MAX, t('collections.create.nameInvalid', { max: COLLECTION_NAME_MAX })),
        summary: z
          .string()
          .refine((v) => v.trim() === '' || (v.trim().length >= COLLECTION_DESCRIPTION_MIN && v.length <= COLLECTION_DESCRIPTION_MAX), t('collections.create.summaryInvalid', { max: COLLECTION_DESCRIPTION_MAX })),
      }),
    [t],
  );
  const { register, handleSubmit, setError, control, formState } = useZodForm<CreateValues>(schema, { name: '', summary: '' });
  const summary = useWatch({ control, name: 'summary' });
  const create = useCreateCollection({
    onSuccess: (collection) => {
      onClose();
      if (!projectIds) void navigate(paths.collection.getHref(collection.id));
    },
    onError: (error) => setError('root.server', { message: error instanceof HttpError ? error.description : String(error) }),
  });
  const submit = handleSubmit((values) =>
    create.mutate({ name: values.name.trim(), description: values.summary.trim() || undefined, projects: projectIds ? [...projectIds] : [] }),
  );
  return (
    <FormModal
      title={t('collections.create.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('collections.create.submit')}
      submitDisabled={create.isPending}
      formClassName={styles.form}
    >
      <TextField label={t('collections.create.name')} maxLength={COLLECTION_NAME_MAX} autoComplete="off" required error={formState.errors.name?.message} {...register('name')} />
      <TextAreaField
        label={t('collections.create.summary')}
        maxLength={COLLECTION_DESCRIPTION_MAX}
        rows={3}
        hint={t('collections.create.summaryHint', { count: summary.length, max: COLLECTION_DESCRIPTION_MAX })}
        error={formState.errors.summary?.message}
        {...register('summary')}
      />
      {formState.errors.root?.server && <FormAlert>{formState.errors.root.server.message}</FormAlert>}
    </FormModal>
  );
}
