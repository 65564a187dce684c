import { SlugSchema } from '@cairn/shared/schemas/common';
import { OrganizationDescriptionSchema, OrganizationNameSchema, type Organization } from '@cairn/shared/schemas/organizations';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AppIcon } from '../../../components/ui/app-icon';
import { Button } from '../../../components/ui/button';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { FormAlert, TextAreaField, TextField } from '../../../components/ui/form';
import { paths } from '../../../config/paths';
import { formErrorsFrom } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { useChangeOrganizationIcon, useDeleteOrganization, useEditOrganization } from '../api/use-organization-changes';
import { canInOrganization } from '../utils/permissions';
import { useCurrentUser } from '../../../lib/auth';
import styles from './organization-settings.module.css';

interface Values {
  name: string;
  slug: string;
  description: string;
}

/** Name, URL, summary and icon; deleting the organization (typing its name to confirm). */
export function OrganizationDetailsSettings({ organization }: { organization: Organization }) {
  const t = useT();
  const { user } = useCurrentUser();
  const notifications = useNotifications();
  const navigate = useNavigate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [deleting, setDeleting] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        name: z.string().refine((v) => OrganizationNameSchema.safeParse(v).success, t('organizations.create.nameInvalid')),
        slug: z.string().refine((v) => SlugSchema.safeParse(v).success, t('organizations.create.slugInvalid')),
        description: z.string().refine((v) => OrganizationDescriptionSchema.safeParse(v).success, t('organizations.create.summaryInvalid')),
      }),
    [t],
  );
  const { register, handleSubmit, setError, formState } = useZodForm<Values>(schema, { name: organization.name, slug: organization.slug, description: organization.description });
  const { errors } = formState;
  const edit = useEditOrganization(organization.id, {
    onSuccess: (_data, body) => {
      notifications.add({ type: 'success', title: t('organizations.settings.saved'), text: body.name ?? organization.name });
      if (body.slug && body.slug !== organization.slug) void navigate(paths.organization.settings.getHref(body.slug), { replace: true });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof Values>(error, {}, { name: 'name', slug: 'slug', description: 'description' })),
  });
  const icon = useChangeOrganizationIcon(organization.id, {
    onSuccess: () => notifications.add({ type: 'success', title: t('organizations.settings.iconChanged'), text: organization.name }),
    onError: (error) => notifications.add({ type: 'error', title: t('organizations.settings.icon'), text: error.message }),
  });
  const remove = useDeleteOrganization(organization.id, {
    onSuccess: () => {
      notifications.add({ type: 'success', title: t('organizations.settings.deleted'), text: organization.name });
      void navigate(paths.dashboard.organizations.getHref());
    },
    onError: (error) => notifications.add({ type: 'error', title: t('organizations.settings.delete'), text: error.message }),
  });
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) icon.mutate(file);
    event.target.value = '';
  };
  const submit = handleSubmit((values) => edit.mutate({ name: values.name.trim(), slug: values.slug, description: values.description.trim() }));
  const canEdit = canInOrganization(organization, user, 'EDIT_DETAILS');
  return (
    <>
      <section className={styles.section} aria-labelledby="organization-details">
        <h1 id="organization-details" className={styles.sectionTitle}>
          {t('organizations.settings.details')}
        </h1>
        <div className={styles.row}>
          <AppIcon name={organization.name} iconUrl={organization.icon_url} size="large" />
          <input ref={fileInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onFile} />
          <Button variant="outlined" disabled={!canEdit || icon.isPending} onClick={() => fileInput.current?.click()}>
            {t('organizations.settings.uploadIcon')}
          </Button>
          {organization.icon_url && (
            <Button variant="outlined" disabled={!canEdit || icon.isPending} onClick={() => icon.mutate(null)}>
              {t('organizations.settings.removeIcon')}
            </Button>
          )}
        </div>
        <form className={styles.section} onSubmit={(event) => void submit(event)} noValidate>
          <TextField label={t('organizations.create.name')} maxLength={64} autoComplete="off" disabled={!canEdit} error={errors.name?.message} {...register('name')} />
          <TextField label={t('organizations.create.slug')} maxLength={64} autoComplete="off" spellCheck={false} disabled={!canEdit} error={errors.slug?.message} {...register('slug')} />
          <TextAreaField label={t('organizations.create.summary')} maxLength={256} rows={3} disabled={!canEdit} error={errors.description?.message} {...register('description')} />
          {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
          <div>
            <Button type="submit" color="brand" disabled={!canEdit || edit.isPending}>
              {t('organizations.settings.save')}
            </Button>
          </div>
        </form>
      </section>
      {canInOrganization(organization, user, 'DELETE_ORGANIZATION') && (
        <section className={styles.section} aria-labelledby="organization-delete">
          <h2 id="organization-delete" className={styles.sectionTitle}>
            {t('organizations.settings.delete')}
          </h2>
          <p>{t('organizations.settings.deleteHint')}</p>
          <div>
            <Button color="red" onClick={() => setDeleting(true)}>
              {t('organizations.settings.delete')}
            </Button>
          </div>
          <ConfirmModal
            open={deleting}
            onClose={() => setDeleting(false)}
            title={t('organizations.settings.delete')}
            confirmLabel={t('organizations.settings.delete')}
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
            typeToConfirm={{ label: t('organizations.settings.deleteConfirm'), value: organization.name }}
          >
            <p>{t('organizations.settings.deleteHint')}</p>
          </ConfirmModal>
        </section>
      )}
    </>
  );
}
