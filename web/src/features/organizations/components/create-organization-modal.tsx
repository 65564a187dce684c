import { SlugSchema } from '@cairn/shared/schemas/common';
import { OrganizationDescriptionSchema, OrganizationNameSchema } from '@cairn/shared/schemas/organizations';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { FormModal } from '../../../components/ui/form-modal';
import { paths } from '../../../config/paths';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useCreateOrganization } from '../api/use-create-organization';
import { slugFromName } from '../../../lib/slug';
import styles from './create-organization-modal.module.css';

interface Values {
  name: string;
  slug: string;
  description: string;
}

/** "Create an organization": name, URL (follows the name until edited) and summary; opens the new organization. */
export function CreateOrganizationModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const notifications = useNotifications();
  const [slugEdited, setSlugEdited] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().refine((v) => OrganizationNameSchema.safeParse(v).success, t('organizations.create.nameInvalid')),
        slug: z.string().refine((v) => SlugSchema.safeParse(v).success, t('organizations.create.slugInvalid')),
        description: z.string().refine((v) => OrganizationDescriptionSchema.safeParse(v).success, t('organizations.create.summaryInvalid')),
      }),
    [t],
  );
  const { register, handleSubmit, setError, setValue, control, formState } = useZodForm<Values>(schema, { name: '', slug: '', description: '' });
  const { errors } = formState;
  const slug = useWatch({ control, name: 'slug' });
  const create = useCreateOrganization({
    onSuccess: (organization) => {
      notifications.add({ type: 'success', title: t('organizations.create.created'), text: organization.name });
      onClose();
      void navigate(paths.organization.getHref(organization.slug));
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof Values>(error, {}, { name: 'name', slug: 'slug', description: 'description' })),
  });
  const nameField = register('name', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) setValue('slug', slugFromName(event.target.value));
    },
  });
  const submit = handleSubmit((values) => create.mutate({ name: values.name.trim(), slug: values.slug, description: values.description.trim() }));
  return (
    <FormModal
      title={t('organizations.create.title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      submitLabel={t('organizations.create.submit')}
      submitDisabled={create.isPending}
      formClassName={styles.form}
    >
      <p className={styles.hint}>{t('organizations.create.hint')}</p>
      <TextField label={t('organizations.create.name')} maxLength={64} autoComplete="off" required error={errors.name?.message} {...nameField} />
      <TextField
        label={t('organizations.create.slug')}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        required
        hint={t('organizations.create.slugHint', { url: `${window.location.origin}/organization/${slug || '…'}` })}
        error={errors.slug?.message}
        {...register('slug', { onChange: () => setSlugEdited(true) })}
      />
      <TextAreaField label={t('organizations.create.summary')} maxLength={256} rows={3} required error={errors.description?.message} {...register('description')} />
      {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
    </FormModal>
  );
}
