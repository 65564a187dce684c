import { ProjectBodySchema, type Project } from '@cairn/shared/schemas/projects';
import { useCallback } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { SettingsPageHeader, SettingsSection } from '../../../components/layout/settings-page';
import { MarkdownEditor } from '../../../components/markdown-editor/markdown-editor';
import { FormAlert } from '../../../components/ui/form';
import { formErrorsFrom } from '../../../lib/form-errors';
import { imageExtension } from '../../../lib/image-extension';
import { useT } from '../../../lib/i18n/i18n-provider';
import { useNotifications } from '../../../lib/notifications-provider';
import { setFormErrors, useZodForm } from '../../../lib/use-zod-form';
import { uploadProjectImage } from '../api/project-settings-api';
import { useModifyProject } from '../api/use-project-mutations';
import { holds, type SettingsAccess } from '../utils/permissions';
import { SaveBar } from './save-bar';
import { NoAccessNotice } from './no-access-notice';
import styles from './settings-controls.module.css';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/** The longest description the API takes (api-surface §3.6 `body`). */
export const BODY_MAX_LENGTH = 65536;

interface DescriptionValues {
  body: string;
}

/** Description: the project page's long text, in markdown. */
export function DescriptionSettings({ project, access }: { project: Project; access: SettingsAccess }) {
  const t = useT();
  const notifications = useNotifications();
  const canEdit = holds(access.permissions, 'EDIT_BODY');
  const { control, handleSubmit, reset, setError, formState } = useZodForm<DescriptionValues>(z.object({ body: ProjectBodySchema }), { body: project.body });
  const { isDirty, errors } = formState;
  const save = useModifyProject(project.id, {
    onSuccess: (_, body) => {
      reset({ body: body.body ?? '' });
      notifications.add({ type: 'success', title: t('projectSettings.saved') });
    },
    onError: (error) => setFormErrors(setError, formErrorsFrom<keyof DescriptionValues>(error, {}, { body: 'body' })),
  });
  const submit = handleSubmit((values) => save.mutate({ body: values.body }));
  const uploadImage = useCallback((file: File) => uploadProjectImage(project.id, file, imageExtension(file) ?? 'png'), [project.id]);

  return (
    <>
      <SettingsPageHeader title={t('projectSettings.description.title')} lede={t('projectSettings.description.lede')} />
      {!canEdit && <NoAccessNotice section="description" permission="EDIT_BODY" access={access} />}
      <form className={styles.form} aria-label={t('projectSettings.description.title')} onSubmit={(event) => void submit(event)} noValidate>
        <SettingsSection title={t('projectSettings.description.body')} id="project-body">
          <Controller
            control={control}
            name="body"
            render={({ field }) => (
              <MarkdownEditor label={t('projectSettings.description.body')} value={field.value} onChange={field.onChange} maxLength={BODY_MAX_LENGTH} placeholder={t('projectSettings.description.placeholder')} disabled={!canEdit} onUploadImage={uploadImage} />
            )}
          />
          {errors.body?.message && <p className={styles.error}>{errors.body.message}</p>}
        </SettingsSection>
        {errors.root?.server && <FormAlert>{errors.root.server.message}</FormAlert>}
        <SaveBar dirty={isDirty} pending={save.isPending} disabled={!canEdit} />
      </form>
      <UnsavedChangesGuard dirty={isDirty && !save.isPending} />
    </>
  );
}
